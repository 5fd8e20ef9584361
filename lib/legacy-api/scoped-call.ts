import type { Database } from '@/db/client';
import { scopeHandle, tenantTransaction } from '@/db/tenant-scope';

/**
 * Runs a staff call inside its campsite's database scope (db/tenant-scope.ts). An answer streamed
 * from the database (an '/all' list) is read after the handler returned: the transaction stays
 * open until its body is fully read or cancelled, and only then commits.
 */
export function scopedCall(db: Database, campsiteId: string, call: (db: Database) => Promise<unknown>): Promise<unknown> {
  const handle = scopeHandle(db);
  if (!handle) return call(db);
  return new Promise((resolve, reject) => {
    let answered = false;
    // The transaction runs every query the services make; they only ever see it as a handle.
    tenantTransaction(handle, campsiteId, async (tx) => {
      const result = await call(tx as unknown as Database);
      if (!(result instanceof Response) || !result.body) return result;
      const { body, finished } = watched(result.body);
      answered = true;
      resolve(new Response(body, result));
      await finished;
      return null;
    }).then(
      (value) => answered || resolve(value),
      (error) => (answered ? console.error('Risposta in streaming interrotta', error) : reject(error)),
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
