/**
 * Pages over an answer the old system gives whole (no paging of its own): `size` elements a page,
 * the cursor being how many are done, so a resumed run skips those without writing them again.
 * `index` is the number of elements done once the page is written.
 */
export function* resumeFrom<T>(all: readonly T[], cursor: string | null, size: number): Generator<{ index: number; items: T[] }> {
  const done = cursor === null ? 0 : Number(cursor);
  for (let start = Number.isFinite(done) && done > 0 ? done : 0; start < all.length; start += size) {
    const items = all.slice(start, start + size);
    yield { index: start + items.length, items };
  }
}

/** The cursor of a page made by resumeFrom: null when it was the last. */
export const nextCursor = (index: number, total: number) => (index < total ? String(index) : null);

/** Splits ids or rows so one statement stays under PostgreSQL's parameter limit. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}
