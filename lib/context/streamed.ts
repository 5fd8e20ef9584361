import { getDb, type Database } from '@/db/client';
import { scopeHandle, tenantTransaction } from '@/db/tenant-scope';
import { contextOf, walledCampsite, type Ctx, type Who } from './unit-of-work';
import { logger } from '@/lib/ops/logger.mjs';
import { noteCampsite } from '@/lib/ops/request-context.mjs';

/**
 * runUnitOfWork for work that may answer a streamed Response (an '/all' list, a CSV download):
 * the answer is handed back as soon as it exists, and its campsite's transaction stays open until
 * the body is fully read or cancelled, and only then commits. A reader that stalls is ended by the
 * scope's idle-in-transaction timeout, so slow readers cannot drain the pool.
 */
export function runStreamingUnitOfWork<T>(who: Who, work: (ctx: Ctx) => Promise<T>, root: Database = getDb()): Promise<T> {
  const campsiteId = walledCampsite(who);
  const target = campsiteId ? scopeHandle(root) : null;
  if (campsiteId) noteCampsite(campsiteId);
  if (!campsiteId || !target) return work(contextOf(who, root));
  return new Promise((resolve, reject) => {
    let answered = false;
    tenantTransaction(target, campsiteId, async (tx) => {
      const result = await work(contextOf(who, tx as unknown as Database));
      if (!(result instanceof Response) || !result.body) return result;
      const { body, finished } = watched(result.body);
      answered = true;
      resolve(new Response(body, result) as T);
      await finished;
      return null;
    }).then(
      (value) => answered || resolve(value as T),
      (error) => (answered ? logger.error({ err: error }, 'Risposta in streaming interrotta') : reject(error)),
    );
  });
}

function watched(source: ReadableStream<Uint8Array>): { body: ReadableStream<Uint8Array>; finished: Promise<void> } {
  const { promise: finished, resolve: finish } = Promise.withResolvers<void>();
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          finish();
        } else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    async cancel(reason) {
      try {
        await reader.cancel(reason);
      } finally {
        finish();
      }
    },
  });
  return { body, finished };
}
