import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** Counters of login attempts change with every login; they are not data a refused call could alter. */
const SKIPPED = new Set(['rate_limits']);

/**
 * A fingerprint (row count and a hash of every row) of each table, limited to the rows of the
 * given campsites and users so that test files running at once on PostgreSQL do not disturb it:
 * tenant tables by camping_id, the campsites by id (or by a name a hostile body may have used),
 * global tables by the user who wrote the row, reference tables whole. Tables are read from the
 * catalogue: a table added later is covered without touching this file.
 */
export async function snapshotDatabase(db: Database, scope: { campsiteIds: string[]; userIds: string[]; names?: string[] }): Promise<Record<string, string>> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const campsiteIds = sql`ARRAY[${sql.join(scope.campsiteIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  const userIds = sql`ARRAY[${sql.join(scope.userIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  const names = sql`ARRAY[${sql.join([...(scope.names ?? []), ''].map((name) => sql`${name}`), sql`, `)}]::text[]`;
  const parts = [...byTable.entries()]
    .filter(([table]) => !SKIPPED.has(table))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, cols]) => {
      const userColumns = cols.filter((col) => /(^|_)user_id$/.test(col));
      let where = sql`true`;
      if (table === 'campsites') where = sql`(x.id = any(${campsiteIds}) or x.name = any(${names}))`;
      else if (cols.includes('camping_id')) where = sql`x.camping_id = any(${campsiteIds})`;
      else if (userColumns.length > 0) where = sql.join(userColumns.map((col) => sql`x.${sql.identifier(col)} = any(${userIds})`), sql` or `);
      return sql`select ${table}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
        from ${sql.identifier(table)} x where ${where}`;
    });
  const result = await rows<{ t: string; n: number; h: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(result.map((row) => [row.t, `${row.n}:${row.h}`]));
}
