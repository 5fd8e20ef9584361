import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { useTestDatabase } from '../helpers/db';

const db = await useTestDatabase();

/** Shared by every campsite: reference data, provider-wide notices, counters keyed before login. */
const GLOBAL_TABLES = ['campsites', 'languages', 'nations', 'product_updates', 'rate_limits', 'provider_send_slots', '__drizzle_migrations'];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

describe('the data model', () => {
  it('gives every tenant table a camping_id with a foreign key to campsites and an index that starts with it', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const tenantTables = tables.map((t) => t.table_name).filter((name) => !GLOBAL_TABLES.includes(name));
    expect(tenantTables.length).toBeGreaterThan(20);
    for (const table of tenantTables) {
      const [column] = await rows<{ is_nullable: string }>(
        sql`select is_nullable from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'camping_id'`,
      );
      expect(column, `${table}.camping_id`).toEqual({ is_nullable: 'NO' });
      const foreignKeys = await rows<{ target: string }>(sql`
        select confrelid::regclass::text as target from pg_constraint
        where contype = 'f' and conrelid = ${table}::regclass
          and conkey = array[(select attnum from pg_attribute where attrelid = ${table}::regclass and attname = 'camping_id')]::smallint[]`);
      expect(foreignKeys.map((fk) => fk.target), `${table} → campsites`).toContain('campsites');
      const leadingIndexes = await rows<{ name: string }>(sql`
        select i.indexrelid::regclass::text as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where i.indrelid = ${table}::regclass and a.attname = 'camping_id'`);
      expect(leadingIndexes.length, `index on ${table}.camping_id`).toBeGreaterThan(0);
    }
  });

  it('makes ids that cannot be guessed: 128 random bits, URL-safe', () => {
    const ids = new Set(Array.from({ length: 10_000 }, newId));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
  });

  it('has the shared languages and nations, with Italian as 1 and German as 3', async () => {
    const languages = await rows<{ id: number; code: string }>(sql`select id, code from languages where id in (1, 3) order by id`);
    expect(languages).toEqual([
      { id: 1, code: 'it' },
      { id: 3, code: 'de' },
    ]);
    const [nations] = await rows<{ count: number }>(sql`select count(*)::int as count from nations`);
    expect(nations.count).toBeGreaterThan(10);
  });
});
