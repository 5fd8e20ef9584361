import type { AsyncLocalStorage } from 'node:async_hooks';

export type RequestStore = { requestId: string; campsiteId?: string };
export declare const requestContext: AsyncLocalStorage<RequestStore>;
export declare function currentRequest(): RequestStore | undefined;
export declare function noteCampsite(campsiteId: string): void;
