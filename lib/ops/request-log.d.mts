import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string;
export declare function withRequestLog(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  options?: { distDir?: string; env?: NodeJS.ProcessEnv },
): (request: IncomingMessage, response: ServerResponse) => void;
