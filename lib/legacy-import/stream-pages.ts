import type { LegacyImportCheckpoint } from '@/db/schema';
import type { LegacyClient } from './client';
import type { LegacyPage } from './kind';

const keyOf = (item: unknown) => {
  const record = item && typeof item === 'object' ? (item as { _id?: unknown; date_creation?: unknown }) : {};
  return { id: typeof record._id === 'string' ? record._id : null, at: typeof record.date_creation === 'string' ? record.date_creation : null };
};

/** Where a streamed kind stands: elements done, the creation instant of the last one, and the ids written at that instant. */
type StreamCursor = { done: number; before: string | null; tail: string[] };

/** A resumed run reads again the elements of the last instant whose ids the cursor could not hold. */
const TAIL_KEPT = 50;

const readCursor = (cursor: string | null): StreamCursor => {
  if (!cursor) return { done: 0, before: null, tail: [] };
  const [done, before, tail] = cursor.split('@');
  return { done: Number(done) || 0, before: before || null, tail: tail ? tail.split(',') : [] };
};

/** `elementsDone@lastCreation@ids,of,that,instant`: ids are keepable text (no @ or comma) or left out. */
function writeCursor(done: number, items: unknown[]): string {
  const at = keyOf(items[items.length - 1]).at ?? '';
  const tail: string[] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    const key = keyOf(items[i]);
    if (key.at !== at || key.id === null) break;
    tail.push(key.id);
  }
  const keep = tail.length <= TAIL_KEPT && tail.every((id) => /^[A-Za-z0-9_-]+$/.test(id));
  return `${done}@${at}@${keep ? tail.join(',') : ''}`;
}

/**
 * Pages of ~`size` elements from a call that answers one JSON array, newest first (by creation,
 * as /getQuote/all sends them). The cursor holds the elements done, the creation instant of the
 * last one and the ids written at that instant: a resumed run skips what was created after it, and
 * those ids, instead of counting `elementsDone` blindly, because a record deleted meanwhile in the
 * old system would shift the count and skip one never written. Records created after the run
 * began come with the next run, as in a run not killed.
 * A stream that breaks after bringing something (a proxy's timeout, a restart) is opened again
 * from where it broke, so one long answer is not all or nothing.
 */
export async function* streamPages(client: LegacyClient, path: string, from: LegacyImportCheckpoint, size = 200): AsyncGenerator<LegacyPage> {
  const start = readCursor(from.cursor);
  let done = start.done;
  let before = start.before;
  // The elements of the last millisecond already taken in this run: a reopened stream sends them again.
  let tail = new Set<string>(start.tail);
  let page: unknown[] = [];
  let pending: unknown[] = [];
  for (;;) {
    let brought = 0;
    let skipping = before !== null;
    try {
      for await (const item of client.stream('POST', path)) {
        const { id, at } = keyOf(item);
        if (skipping && at !== null && before !== null) {
          if (at > before || (at === before && id !== null && tail.has(id))) continue;
          // Past the last millisecond taken: everything after is older, never taken.
          if (at < before) skipping = false;
        }
        brought++;
        if (page.length === size) {
          // A full page goes out only once another element shows it is not the last.
          pending = page;
          page = [];
        }
        page.push(item);
        if (at !== null) {
          if (at !== before) tail = new Set();
          before = at;
          if (id !== null) tail.add(id);
        }
        if (pending.length) {
          done += pending.length;
          const items = pending;
          pending = [];
          yield { items, cursor: writeCursor(done, items) };
        }
      }
      break;
    } catch (error) {
      // Nothing new since the last opening: the failure is not the length of the answer.
      if (brought === 0) throw error;
    }
  }
  yield { items: page, cursor: null };
}
