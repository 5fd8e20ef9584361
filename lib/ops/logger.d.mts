import type { Logger } from 'pino';

export declare const logger: Logger;
export declare function scrub(value: unknown): unknown;
export declare function scrubText(text: string): string;
export declare function prettyLine(json: string): string;
export declare function routeConsoleToLog(): void;
