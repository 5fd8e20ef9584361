'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (the address, the clock) that nothing announces changes of:
 * read at each render on the client, `onServer` for the server render and for hydration, so the
 * HTML and the first client render agree. `read` must return a primitive (compared with Object.is).
 */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, onServer: () => T): T {
  return useSyncExternalStore(noSubscription, read, onServer);
}
