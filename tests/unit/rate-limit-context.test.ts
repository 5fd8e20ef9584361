import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { consumeOn, memoryLimiter } from '@/lib/rate-limit/core';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('memory limiter', () => {
  it('does not keep the request that counted alive for its whole window', async () => {
    const rule = { points: 120, durationSeconds: 600 };
    const store = memoryLimiter('contesto-di-prova', rule);
    // Next.js keeps each request's objects in async-local stores, as here.
    const requestContext = new AsyncLocalStorage<{ request: object }>();
    let request: WeakRef<object> | undefined;
    await (async () => {
      const held = { url: new URL('http://127.0.0.1/visualizzaPreventivo/a/b/c'), body: new Uint8Array(1_000_000) };
      request = new WeakRef(held);
      const state = await requestContext.run({ request: held }, () => consumeOn(store, '10.0.0.1', rule));
      expect(state.allowed).toBe(true);
    })();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(request?.deref(), 'the key’s 10-minute timer keeps the request').toBeUndefined();
  });
});
