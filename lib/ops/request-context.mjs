// What the app knows about the request it is serving, for the request's log line: server.mjs runs
// Next's handler inside this store, and the unit of work notes the campsite it walls (never a name
// or an address). One store per process under a registry symbol: the Next build bundles a module
// several times, and server.mjs loads it apart from the bundle.
import { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('crm.ops.requestContext');
const holder = /** @type {Record<symbol, AsyncLocalStorage<{ requestId: string, campsiteId?: string }>>} */ (/** @type {unknown} */ (globalThis));
export const requestContext = (holder[KEY] ??= new AsyncLocalStorage());

export const currentRequest = () => requestContext.getStore();

/** The campsite of the request being served, the first one its unit of work walled. */
export function noteCampsite(campsiteId) {
  const store = requestContext.getStore();
  if (store && !store.campsiteId) store.campsiteId = campsiteId;
}
