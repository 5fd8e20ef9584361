import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbOrTx } from '@/db/client';
import { tenantTransaction } from '@/db/tenant-scope';
import { exportContactsCsv, pagedContactsCsv } from '@/lib/contacts/export';
import { copyContactsCsv, postgresClientOf } from '@/lib/contacts/export-copy';
import { contactConditions, countContacts, listContacts, queryContacts } from '@/lib/contacts/search';
import { runStreamingUnitOfWork } from '@/lib/context/streamed';
import { appLoginUrl } from '../helpers/app-login';
import { insertContacts } from '../helpers/contacts';
import { jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

/**
 * The search inside a campsite's scope, as production runs it: the app role under row-level
 * security, where a plain LIKE could not use the trigram index. And the CSV export's COPY inside
 * the same scope.
 */

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const rows = async <T>(handle: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await handle.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
};

async function twoCampsites() {
  const mine = await makeCampsite(db);
  const theirs = await makeCampsite(db);
  const people = [
    { firstName: 'Jürgen', lastName: 'Müller', email: 'jm@example.de', phone: '347 123 4567' },
    { firstName: 'Anna', lastName: 'MULLER', email: null, phone: null },
    { firstName: 'Niccolò', lastName: 'Rossi', email: 'muller.fan@example.it', phone: '+39 06 555 0101' },
    { firstName: 'Zoë', lastName: 'Bianchi', email: 'zoe_b@example.it', phone: '0471 99 88' },
    { firstName: '100%', lastName: 'Sconto', email: 'promo@example.it', phone: null },
  ];
  await insertContacts(db, mine.id, people);
  await insertContacts(db, theirs.id, people.map((person) => ({ ...person, email: person.email && `altro.${person.email}` })));
  return { mine, theirs };
}

/** The sequential and the trigram index scans of contacts this transaction has run so far. */
async function scans(tx: DbOrTx) {
  const [row] = await rows<{ seq: number; trgm: number }>(
    tx,
    sql`select pg_stat_get_xact_numscans('contacts'::regclass)::int as seq,
      (pg_stat_get_xact_numscans('contacts_search_trgm_idx'::regclass) + pg_stat_get_xact_numscans('contacts_phone_trgm_idx'::regclass))::int as trgm`,
  );
  return row;
}

describe('contact search inside the campsite scope', () => {
  it('finds the same contacts by name, surname, e-mail and phone, any case and accent, on the trigram indexes, never another campsite’s', async () => {
    const { mine } = await twoCampsites();
    const expected: Record<string, string[]> = {
      muller: ['Anna MULLER', 'Jürgen Müller', 'Niccolò Rossi'],
      MÜLLER: ['Anna MULLER', 'Jürgen Müller', 'Niccolò Rossi'],
      'jurgen muller': ['Jürgen Müller'],
      niccolo: ['Niccolò Rossi'],
      zoe_: ['Zoë Bianchi'],
      '100%': ['100% Sconto'],
      '123 45': ['Jürgen Müller'],
      '0471': ['Zoë Bianchi'],
      '%': ['100% Sconto'],
      qwxz: [],
    };
    await tenantTransaction(db, mine.id, async (tx) => {
      // Without this the planner may prefer reading a handful of rows; the LIKE under the policy had no other choice.
      await tx.execute(sql`set local enable_seqscan = off`);
      const before = await scans(tx);
      const ctx = jobCtxFor(tx as unknown as Database, mine.id);
      for (const [term, names] of Object.entries(expected)) {
        const page = await listContacts(ctx, { search: term, sort: 'nome' });
        expect(page.items.map((c) => `${c.firstName} ${c.lastName}`).sort(), term).toEqual(names);
        expect(page.items.every((c) => c.campingId === mine.id)).toBe(true);
        expect(await countContacts(ctx, { search: term }), term).toEqual({ count: names.length, capped: false });
      }
      const legacy = await queryContacts(ctx, { search: 'muller', telefono: '347-123' });
      expect(legacy.map((c) => c.lastName)).toEqual(['Müller']);
      const after = await scans(tx);
      expect(after.seq - before.seq).toBe(0);
      expect(after.trgm - before.trgm).toBeGreaterThanOrEqual(Object.keys(expected).length);
    });
  });

  it('reads the matches by address under the policy: the plan of the list has no sequential scan of contacts', async () => {
    const { mine } = await twoCampsites();
    await tenantTransaction(db, mine.id, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: sql`id` }).from(sql`contacts`).where(contactConditions(mine.id, { search: 'muller' }));
      const [plan] = await rows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${query}`);
      const nodes = JSON.stringify(plan['QUERY PLAN']);
      expect(nodes).toContain('"Function Name":"crm_contacts_matching"');
      expect(nodes).not.toContain('"Seq Scan"');
    });
  });

  it('finds nothing outside a scope unless the session may read every campsite', async () => {
    const { mine, theirs } = await twoCampsites();
    const owner = await listContacts(jobCtxFor(db, theirs.id), { search: 'muller' });
    expect(owner.items).toHaveLength(3);
    // Another campsite named in the scope: the function's matches are the scope's campsite's only.
    await tenantTransaction(db, mine.id, async (tx) => {
      const [found] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from crm_contacts_matching(array['%muller%']::text[], array[null]::text[]) t where t not in (select ctid from contacts where camping_id = ${mine.id})`,
      );
      expect(found.n).toBe(0);
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the CSV export inside the scope, on the non-owner login', () => {
  let app: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    app = openDatabase({ url: process.env.DATABASE_URL, appUrl: await appLoginUrl(process.env.DATABASE_URL!) });
  });
  afterAll(() => app.close());

  async function readText(stream: ReadableStream<Uint8Array> | null): Promise<string> {
    return new Response(stream).text();
  }

  it('streams through COPY on the scope’s own connection: the same file as the paged export, never another campsite’s rows', async () => {
    const { mine, theirs } = await twoCampsites();
    const who = { kind: 'job' as const, campsiteId: mine.id, job: 'test' };
    let copied = false;
    const response = await runStreamingUnitOfWork(
      who,
      async (ctx) => {
        copied = postgresClientOf(ctx.db) !== null;
        return new Response(exportContactsCsv(ctx as never, { sort: 'nome' }));
      },
      app.db,
    );
    const text = await readText(response.body);
    expect(copied).toBe(true);
    expect(text).toContain('Jürgen;Müller;jm@example.de');
    expect(text).not.toContain('altro.');
    const paged = await readText(pagedContactsCsv(db, contactConditions(mine.id, {}), 'nome', new TextEncoder().encode(text.slice(0, text.indexOf('\r\n') + 2))));
    expect(text).toBe(paged);

    // A COPY whose filter forgot the campsite still gets the scope's rows only: the policy walls it.
    const forgotten = await runStreamingUnitOfWork(
      who,
      async (ctx) => new Response(copyContactsCsv(postgresClientOf(ctx.db)!, sql`true`, 'nome', new Uint8Array())),
      app.db,
    );
    const walled = await readText(forgotten.body);
    expect(walled.trim().split('\r\n')).toHaveLength(5);
    expect(walled).not.toContain('altro.');
    expect(theirs.id).not.toBe(mine.id);
  });
});
