import { and, eq, inArray } from 'drizzle-orm';
import { contacts, quotes } from '@/db/schema';
import type { ImportCtx } from '../kind';
import { chunks } from './paging';

/**
 * The ids here of the records these old ids name that the campsite really has (imported earlier,
 * under their old id or a mapped one): a reference to anything else is left out or skipped.
 */
export async function presentHere(ctx: ImportCtx, kind: 'contatti' | 'preventivi', oldIds: (string | null)[]): Promise<Set<string>> {
  const wanted = [...new Set(oldIds.filter((id): id is string => id !== null))];
  const found = new Set<string>();
  if (!wanted.length) return found;
  await ctx.ids.load(ctx.db, kind, wanted);
  const table = kind === 'contatti' ? contacts : quotes;
  for (const ids of chunks(wanted.map((id) => ctx.ids.resolve(kind, id)), 5000)) {
    const rows = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.campingId, ctx.campsiteId), inArray(table.id, ids)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}
