import { and, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { keepableId } from './ids';
import type { ImportCtx } from './kind';

type KeyedTable = PgTable & { id: AnyPgColumn; campingId: AnyPgColumn };

/**
 * Gives each row its id here, in place: the old id when it can be kept, else the mapped one (an
 * old id that is not keepable, or that another campsite's row already has). A kind that must
 * know the ids before it writes (to drop child rows the old system no longer has) calls it first;
 * calling it again on the same rows changes nothing.
 */
export async function keepIds<T extends KeyedTable>(ctx: ImportCtx, table: T, kind: string, rows: { id: string }[]): Promise<void> {
  if (!rows.length) return;
  const { db, ids, campsiteId } = ctx;
  await ids.load(db, kind, rows.map((row) => row.id));
  for (const row of rows) {
    if (ids.isMapped(kind, row.id)) row.id = ids.resolve(kind, row.id);
    else if (!keepableId(row.id)) row.id = await ids.map(db, kind, row.id);
  }
  // Another campsite's row under the same id: this record takes an id of its own.
  const foreign = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.id, rows.map((row) => row.id)), ne(table.campingId, campsiteId)));
  if (foreign.length) {
    const taken = new Set(foreign.map((row) => row.id as string));
    for (const row of rows) if (taken.has(row.id)) row.id = await ids.map(db, kind, row.id);
  }
}

/**
 * Writes a page of records under their old ids, idempotently: a record not here is inserted, one
 * that differs in `compared` is updated, an equal one is left alone (a second run changes 0 rows).
 * An old id that cannot be kept (not keepable, or another campsite's row has it) gets an id of its
 * own through the map. Answers the ids written and the ids already equal, as ids here.
 */
export async function upsertKeepingIds<T extends KeyedTable>(
  ctx: ImportCtx,
  table: T,
  kind: string,
  rows: (T['$inferInsert'] & { id: string })[],
  compared: (keyof T['$inferInsert'] & string)[],
): Promise<{ written: string[]; unchanged: string[] }> {
  if (!rows.length) return { written: [], unchanged: [] };
  const { db, campsiteId } = ctx;
  await keepIds(ctx, table, kind, rows);
  if (ctx.dryRun) return { written: [], unchanged: [] };

  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const excluded = (key: string) => sql.raw(`excluded."${columns[key].name}"`);
  const set = Object.fromEntries(compared.map((key) => [key, excluded(key)]));
  const differs: SQL = sql`(${sql.join(
    compared.map((key) => sql`${columns[key]}`),
    sql`, `,
  )}) is distinct from (${sql.join(
    compared.map((key) => excluded(key)),
    sql`, `,
  )})`;
  const returned = (await db
    .insert(table)
    .values(rows as T['$inferInsert'][])
    .onConflictDoUpdate({ target: table.id, set: set as never, setWhere: and(eq(table.campingId, campsiteId), differs) })
    .returning({ id: table.id })) as { id: string }[];
  const written = new Set(returned.map((row) => row.id));
  return { written: [...written], unchanged: rows.map((row) => row.id).filter((id) => !written.has(id)) };
}
