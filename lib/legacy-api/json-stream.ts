import { logger } from '@/lib/ops/logger.mjs';
/**
 * A JSON array written item by item as the source yields them: an '/all' call answers every
 * row without holding them all in memory.
 */
export function jsonArrayResponse(items: AsyncIterable<unknown>): Response {
  const encoder = new TextEncoder();
  const iterator = items[Symbol.asyncIterator]();
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('['));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(encoder.encode(']'));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(`${first ? '' : ','}${JSON.stringify(next.value)}`));
        first = false;
      } catch (error) {
        logger.error({ err: error }, 'Elenco interrotto durante lo streaming');
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}
