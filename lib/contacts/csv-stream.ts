export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

type Paged<T> = { items: T[]; nextCursor: string | null };

/**
 * A CSV download read one keyset page at a time, only when the reader wants more: the header
 * first, then each page's rows, so memory stays flat whatever the size and a reader that stops
 * stops the queries.
 */
export function keysetCsvStream<T>(header: Uint8Array, fetchPage: (cursor: string | null) => Promise<Paged<T>>, row: (item: T) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(header);
          return;
        }
        if (done) return;
        const page = await fetchPage(cursor);
        const chunk = page.items.map(row).join('');
        if (chunk) controller.enqueue(encoder.encode(chunk));
        cursor = page.nextCursor;
        if (!cursor) {
          done = true;
          controller.close();
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 1 },
  );
}

/** The stream as a file download named `fileName`, never cached. */
export const csvAttachment = (stream: ReadableStream<Uint8Array>, fileName: string): Response =>
  new Response(stream, {
    headers: { 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
