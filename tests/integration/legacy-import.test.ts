import { spawn } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { campsites, contacts, legacyIdMap, legacyImports, mailOutbox, quoteCards, quotes, users } from '@/db/schema';
import { noPasswordHash } from '@/lib/auth/passwords';
import { connectLegacy } from '@/lib/legacy-import/client';
import { runLegacyImport, type ImportResult } from '@/lib/legacy-import/run';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { getSubscription } from '@/lib/newsletter/subscription';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { startLegacySource, type LegacySource } from '../helpers/legacy-source';

const db = await useTestDatabase();
let source: LegacySource;

const made: string[] = [];
beforeAll(async () => {
  source = await startLegacySource();
  made.push(source.campsiteId);
}, 120_000);
afterAll(async () => {
  // The imported users' e-mails are unique across the product: nothing stays behind for other files.
  if (made.length) await db.delete(campsites).where(inArray(campsites.id, made));
  await source?.stop();
});
const newCampsite = async () => {
  const campsite = await makeCampsite(db);
  made.push(campsite.id);
  return campsite;
};

const connect = () => connectLegacy({ baseUrl: source.baseUrl, email: source.staff.email, password: source.staff.password, ratePerSecond: 200 });
const importAll = async (options: { campsiteId?: string; dryRun?: boolean; onProgress?: Parameters<typeof runLegacyImport>[1]['onProgress'] } = {}) =>
  runLegacyImport(db, { client: await connect(), sourceUrl: source.baseUrl, ...options });

/** Rows per table for a campsite, and a digest of every row's content: equal digests, nothing changed. */
async function snapshot(handle: Database, campsiteId: string) {
  const digest = async (table: string, where: SQL) => {
    const [row] = resultRows<{ n: number; digest: string }>(
      await handle.execute(sql`select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by t.id)), '') as digest from ${sql.identifier(table)} t where ${where}`),
    );
    return row;
  };
  return {
    contacts: await digest('contacts', sql`camping_id = ${campsiteId}`),
    quotes: await digest('quotes', sql`camping_id = ${campsiteId}`),
    quote_cards: await digest('quote_cards', sql`quote_id in (select id from quotes where camping_id = ${campsiteId})`),
  };
}

/** The command as an operator runs it, in a process of its own, the password on its standard input. */
// Both pipes are always read: an unread stderr fills (64 KiB) and the command blocks on its next log line.
function startCommand(args: string[], password: string) {
  const child = spawn(path.resolve('node_modules/.bin/node'), ['--import', 'tsx', 'scripts/import-legacy.ts', ...args], { env: { ...process.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(password);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, ended };
}

const runCommand = (args: string[], password: string) => startCommand(args, password).ended;

const countOf = async (handle: Database, table: typeof contacts | typeof quotes, campsiteId: string) =>
  (await handle.select({ n: count() }).from(table).where(eq(table.campingId, campsiteId)))[0].n;

describe('an import from the old CRM (a second instance of this product)', () => {
  let first: ImportResult;

  it('brings every record of every kind, old ids kept, and its report counts the same on both sides', async () => {
    first = await importAll();
    expect(first.campsiteId).toBe(source.campsiteId);
    const [campsite] = await db.select().from(campsites).where(eq(campsites.id, source.campsiteId));
    expect(campsite).toBeDefined();
    // Records of a kind, read there and held here (the settings are one page of parts, not records).
    for (const kind of first.report.kinds.filter((each) => each.kind !== 'impostazioni')) {
      expect(kind.here, kind.label).toBeGreaterThanOrEqual(kind.there - kind.skipped);
    }
    expect(await countOf(db, contacts, source.campsiteId)).toBe(await countOf(source.db, contacts, source.campsiteId));
    for (const oldContact of source.old.contactIds) {
      const [here] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.id, oldContact), eq(contacts.campingId, source.campsiteId)));
      expect(here, oldContact).toBeDefined();
    }
    for (const sample of first.report.samples) expect(sample.differences, sample.kind).toEqual([]);
    // Nothing of the source's other campsite came along.
    expect((await db.select().from(campsites).where(eq(campsites.id, source.otherCampsiteId))).length).toBe(0);
  });

  it('a second full run changes 0 rows', async () => {
    const before = await snapshot(db, source.campsiteId);
    const again = await importAll();
    for (const kind of again.report.kinds) expect(kind.written, kind.label).toBe(0);
    expect(await snapshot(db, source.campsiteId)).toEqual(before);
  });

  it('a run after the old system changed brings the difference, and only that', async () => {
    const [changed] = await source.db.update(contacts).set({ city: 'Bolzano', version: sql`${contacts.version} + 1` }).where(eq(contacts.id, source.old.contactIds[0])).returning();
    const after = await importAll();
    const contactsKind = after.report.kinds.find((kind) => kind.kind === 'contatti')!;
    expect(contactsKind.written).toBe(1);
    const [here] = await db.select().from(contacts).where(eq(contacts.id, changed.id));
    expect(here.city).toBe('Bolzano');
  });

  it('a link the old CRM sent opens the same page here', async () => {
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, source.old.quoteIds[0]));
    // The old link's three ids, as the mini-site reads them.
    const ids = { campsiteId: source.campsiteId, quoteId: source.old.quoteIds[0], contactId: quote.contactId };
    const view = await buildGuestQuoteView(campsiteContext({ kind: 'guest', campsiteId: ids.campsiteId }, db), ids);
    expect(view?.quote.name).toBe(quote.name);
    const subscription = await getSubscription(campsiteContext({ kind: 'guest', campsiteId: source.campsiteId }, db), { contactId: quote.contactId });
    expect(subscription).toBeDefined();
  });
});

describe('an import into an existing campsite of this product', () => {
  it('gives the ids already taken new ones, keeps old → new, and old links find them', async () => {
    const target = await newCampsite();
    const result = await importAll({ campsiteId: target.id });
    expect(result.campsiteId).toBe(target.id);
    expect(await countOf(db, contacts, target.id)).toBe(await countOf(source.db, contacts, source.campsiteId));
    const mapped = await db.select().from(legacyIdMap).where(and(eq(legacyIdMap.campingId, target.id), eq(legacyIdMap.kind, 'contatti')));
    // Every old contact id is already the first import's: each got an id of its own here.
    expect(mapped.length).toBe(await countOf(source.db, contacts, source.campsiteId));
    const [campsiteMap] = await db.select().from(legacyIdMap).where(and(eq(legacyIdMap.campingId, target.id), eq(legacyIdMap.kind, 'campeggio')));
    expect(campsiteMap).toMatchObject({ oldId: source.campsiteId, newId: target.id });
    // Again: the same ids, nothing written.
    const again = await importAll({ campsiteId: target.id });
    for (const kind of again.report.kinds) expect(kind.written, kind.label).toBe(0);
    expect((await db.select().from(legacyIdMap).where(and(eq(legacyIdMap.campingId, target.id), eq(legacyIdMap.kind, 'contatti')))).length).toBe(mapped.length);
  });
});

describe('an import killed halfway', () => {
  // Two command processes (tsx starting up each time), one killed: past the default 30 s on a busy machine.
  it('ends, run again, with the same records and no duplicates', { timeout: 120_000 }, async () => {
    const target = await newCampsite();
    if (process.env.DATABASE_URL) {
      // A user's e-mail is unique across the product and this file's earlier imports took the old
      // CRM's users: give those copies other addresses, so this run brings the users here to invite.
      const oldEmails = (await source.db.select({ email: users.email }).from(users).where(eq(users.campingId, source.campsiteId))).map((user) => user.email);
      if (oldEmails.length) {
        await db
          .update(users)
          .set({ email: sql`'liberato-' || ${users.id} || '@prova.test'` })
          .where(and(inArray(users.email, oldEmails), ne(users.campingId, target.id)));
      }
      // A real kill: the command in a process of its own, SIGKILL once it has written a few pages.
      const command = startCommand(['--from', source.baseUrl, '--email', source.staff.email, '--campsite', target.id, '--password-stdin'], source.staff.password);
      let killed = false;
      const pagesWritten = async () => {
        const [run] = await db.select().from(legacyImports).where(eq(legacyImports.campingId, target.id));
        return Object.values(run?.checkpoints ?? {}).reduce((sum, point) => sum + point.page, 0);
      };
      const killAfterTwoPages = (async () => {
        while (!killed) {
          if ((await pagesWritten()) >= 2) {
            killed = command.child.kill('SIGKILL');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      // Whatever way the command ends before the kill (done, or failed), the test says so with its stderr.
      const ended = await Promise.race([command.ended, killAfterTwoPages.then(() => command.ended)]);
      killed = true;
      await killAfterTwoPages;
      expect(ended.code, `the import ended by itself before it could be killed:\n${ended.stderr.slice(-2000)}`).toBeNull();
    } else {
      // PGlite lives in this process: the run is stopped at a page's end by an error, as a crash there would.
      await expect(
        importAll({
          campsiteId: target.id,
          onProgress: (progress) => {
            if (progress.page >= 2) throw new Error('arresto simulato');
          },
        }),
      ).rejects.toThrow('arresto simulato');
    }
    const [stopped] = await db.select().from(legacyImports).where(eq(legacyImports.campingId, target.id));
    expect(stopped.status).not.toBe('done');

    let resumed: ImportResult;
    if (process.env.DATABASE_URL) {
      // The command again, asked this time to invite the users it brought over.
      const answer = await runCommand(['--from', source.baseUrl, '--email', source.staff.email, '--campsite', target.id, '--password-stdin', '--json', '--invite-users'], source.staff.password);
      expect(answer.code, answer.stderr).toBe(0);
      const printed = JSON.parse(answer.stdout) as ImportResult & { invitations: { invited: string[]; alreadyInvited: string[] } };
      resumed = printed;
      const waiting = await db.select({ email: users.email }).from(users).where(and(eq(users.campingId, target.id), like(users.passwordHash, `${noPasswordHash()}%`)));
      expect(waiting.length).toBeGreaterThan(0);
      expect(printed.invitations).toEqual({ invited: waiting.map((user) => user.email).sort(), alreadyInvited: [] });
      const invitations = await db.select({ to: mailOutbox.recipients }).from(mailOutbox).where(and(eq(mailOutbox.campingId, target.id), eq(mailOutbox.kind, 'user-invitation')));
      expect(invitations.map((mail) => mail.to).flat().sort()).toEqual(printed.invitations.invited);
      // A dry run cannot invite anybody: refused before anything is read.
      const refused = await runCommand(['--from', source.baseUrl, '--email', source.staff.email, '--dry-run', '--invite-users'], source.staff.password);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--invite-users non vale con --dry-run');
    } else resumed = await importAll({ campsiteId: target.id });
    expect(resumed.resumed).toBe(true);
    expect(await countOf(db, contacts, target.id)).toBe(await countOf(source.db, contacts, source.campsiteId));
    expect(await countOf(db, quotes, target.id)).toBe(await countOf(source.db, quotes, source.campsiteId));
    const [cards] = await db.select({ n: count() }).from(quoteCards).innerJoin(quotes, eq(quotes.id, quoteCards.quoteId)).where(eq(quotes.campingId, target.id));
    const [sourceCards] = await source.db.select({ n: count() }).from(quoteCards).innerJoin(quotes, eq(quotes.id, quoteCards.quoteId)).where(eq(quotes.campingId, source.campsiteId));
    expect(cards.n).toBe(sourceCards.n);
  });
});

describe('a dry run', () => {
  it('of a campsite not created yet answers its report and writes nothing at all', async () => {
    const other = await startLegacySource();
    try {
      const client = await connectLegacy({ baseUrl: other.baseUrl, email: other.staff.email, password: other.staff.password, ratePerSecond: 200 });
      const result = await runLegacyImport(db, { client, sourceUrl: other.baseUrl, dryRun: true });
      expect(result.campsiteId).toBe(other.campsiteId);
      expect(result.report.kinds.find((kind) => kind.kind === 'contatti')).toMatchObject({ there: await countOf(other.db, contacts, other.campsiteId), here: 0, written: 0 });
      expect(await db.select().from(campsites).where(eq(campsites.id, other.campsiteId))).toEqual([]);
      expect(await db.select().from(legacyImports).where(eq(legacyImports.campingId, other.campsiteId))).toEqual([]);
    } finally {
      await other.stop();
    }
  }, 120_000);

  it('reads and checks everything and writes nothing but its report', async () => {
    const target = await newCampsite();
    const before = await snapshot(db, target.id);
    const result = await importAll({ campsiteId: target.id, dryRun: true });
    expect(result.report.dryRun).toBe(true);
    expect(result.report.kinds.find((kind) => kind.kind === 'contatti')!.there).toBe(await countOf(source.db, contacts, source.campsiteId));
    expect(await snapshot(db, target.id)).toEqual(before);
    expect(await db.select().from(legacyIdMap).where(eq(legacyIdMap.campingId, target.id))).toEqual([]);
    const runs = await db.select().from(legacyImports).where(eq(legacyImports.campingId, target.id));
    expect(runs.map((run) => [run.dryRun, run.status])).toEqual([[true, 'done']]);
  });
});

