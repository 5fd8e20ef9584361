import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { releaseLease, renewLease, takeLease } from '@/lib/jobs/lease';
import { useTestDatabase } from '../helpers/db';

// A table of its own, so the helper is tried apart from any protocol (and parallel runs on one
// PostgreSQL never meet).
const name = `lease_prova_${Math.random().toString(36).slice(2, 8)}`;
const rows = pgTable(name, {
  id: text('id').primaryKey(),
  state: text('state').notNull().default('waiting'),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
const target = { table: rows, until: rows.leaseUntil };
const one = (id: string) => eq(rows.id, id);

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
  await db.execute(sql.raw(`create table ${name} (id text primary key, state text not null default 'waiting', attempts integer not null default 0, lease_until timestamptz)`));
});
afterAll(async () => {
  await db.execute(sql.raw(`drop table if exists ${name}`));
});

const seed = async (...ids: string[]) => {
  await db.insert(rows).values(ids.map((id) => ({ id })));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lease', () => {
  it('two takers race for one row: exactly one wins, with a deadline in the future', async () => {
    await seed('a');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => takeLease(db, { ...target, where: one('a'), seconds: 30, set: { attempts: sql`${rows.attempts} + 1` } })),
    );
    const winners = attempts.filter((taken) => taken.rows.length === 1);
    expect(winners).toHaveLength(1);
    expect(winners[0].until!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const [row] = await db.select().from(rows).where(one('a'));
    expect(row.attempts).toBe(1);
    expect(row.leaseUntil!.getTime()).toBe(winners[0].until!.getTime());
  });

  it('takers of several rows at once get disjoint rows, skipping what another is taking', async () => {
    const ids = ['m1', 'm2', 'm3', 'm4', 'm5'];
    await seed(...ids);
    const take = () =>
      takeLease(db, { ...target, key: [rows.id], where: inArray(rows.id, ids), orderBy: sql`${rows.id}`, limit: 3, seconds: 30, set: { state: 'taken' } });
    const [first, second] = await Promise.all([take(), take()]);
    const got = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual(ids);
    expect((await take()).rows).toEqual([]);
  });

  it('an expired lease can be taken again, and the late holder can no longer renew or release it', async () => {
    await seed('b');
    const first = await takeLease(db, { ...target, where: one('b'), seconds: 0.3 });
    expect(first.until).not.toBeNull();
    expect((await takeLease(db, { ...target, where: one('b'), seconds: 30 })).rows).toEqual([]);
    await sleep(500);
    const second = await takeLease(db, { ...target, where: one('b'), seconds: 30 });
    expect(second.rows).toHaveLength(1);
    expect(second.until!.getTime()).toBeGreaterThan(first.until!.getTime());

    expect(await renewLease(db, { ...target, where: one('b'), held: first.until!, seconds: 60 })).toBeNull();
    expect(await releaseLease(db, { ...target, where: one('b'), held: first.until! })).toBe(false);
    const [row] = await db.select().from(rows).where(one('b'));
    expect(row.leaseUntil!.getTime()).toBe(second.until!.getTime());
  });

  it('a released lease can be taken at once; "at now()" lets it go but keeps it counted as taken', async () => {
    await seed('c');
    const first = await takeLease(db, { ...target, where: one('c'), seconds: 30 });
    expect(await releaseLease(db, { ...target, where: one('c'), held: first.until!, set: { state: 'done' } })).toBe(true);
    const [released] = await db.select().from(rows).where(one('c'));
    expect(released).toMatchObject({ state: 'done', leaseUntil: null });
    const second = await takeLease(db, { ...target, where: one('c'), seconds: 30 });
    expect(second.rows).toHaveLength(1);

    expect(await releaseLease(db, { ...target, where: one('c'), held: second.until!, at: sql`now()` })).toBe(true);
    const third = await takeLease(db, { ...target, where: one('c'), seconds: 30 });
    expect(third.rows).toHaveLength(1);
  });

  it('renew extends the lease for its holder only', async () => {
    await seed('d');
    const taken = await takeLease(db, { ...target, where: one('d'), seconds: 5 });
    const renewed = await renewLease(db, { ...target, where: one('d'), held: taken.until!, seconds: 120 });
    expect(renewed!.getTime()).toBeGreaterThan(taken.until!.getTime() + 100_000);
    // The old token is spent: only the latest deadline names the holder.
    expect(await renewLease(db, { ...target, where: one('d'), held: taken.until!, seconds: 600 })).toBeNull();
    expect(await renewLease(db, { ...target, where: one('d'), held: new Date(renewed!.getTime() + 1), seconds: 600 })).toBeNull();
    const [row] = await db.select().from(rows).where(one('d'));
    expect(row.leaseUntil!.getTime()).toBe(renewed!.getTime());
    // Still held: nobody else takes it.
    expect((await takeLease(db, { ...target, where: one('d'), seconds: 30 })).rows).toEqual([]);
  });

  it('a given clock decides what is free (tests and replays)', async () => {
    await seed('e');
    const now = new Date(Date.now() + 60_000);
    const taken = await takeLease(db, { ...target, where: one('e'), seconds: 10, now });
    expect(taken.until!.getTime()).toBe(now.getTime() + 10_000);
    expect((await takeLease(db, { ...target, where: one('e'), seconds: 10, now: new Date(now.getTime() + 5_000) })).rows).toEqual([]);
    expect((await takeLease(db, { ...target, where: one('e'), seconds: 10, now: new Date(now.getTime() + 10_000) })).rows).toHaveLength(1);
  });
});
