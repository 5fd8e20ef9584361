import { AsyncLocalStorage } from 'node:async_hooks';

// Next keeps a request's stores in the AsyncLocalStorage it finds on globalThis when its modules
// load (its server puts it there): import this file before anything that imports next/*.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

/**
 * Runs a server action's handler as Next runs an action, inside a work store, so that
 * revalidatePath and revalidateTag record their pages and tags instead of throwing
 * «static generation store missing». Returns what it answered and what it revalidated.
 */
export async function inActionScope<T>(run: () => Promise<T>): Promise<{ value: T; revalidated: string[] }> {
  const { workAsyncStorage } = await import('next/dist/server/app-render/work-async-storage.external');
  const store = { route: '/isolamento', page: '/isolamento', incrementalCache: {}, cacheLifeProfiles: {}, pendingRevalidatedTags: [] as { tag: string }[] };
  const value = await workAsyncStorage.run(store as unknown as Parameters<typeof workAsyncStorage.run>[0], run);
  return { value, revalidated: store.pendingRevalidatedTags.map((entry) => entry.tag) };
}
