import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { migrate } from '@/db/migrate';
import { quoteCards, quoteProgressEvents, quotes } from '@/db/schema';
import { makeGuest, makeQuotesAccount, unique } from '../helpers/quotes';

const url = process.env.DATABASE_URL;
const ROUNDS = url ? 5 : 3;

/**
 * Runs tests/helpers/quote-writer.ts until it has committed `commits` quotes, then kills it with
 * SIGKILL a few milliseconds later (no cleanup, like a crashed machine): usually in the middle of
 * the next transaction. Resolves with the ids it reported as committed.
 */
function writeUntilKilled(env: Record<string, string>, commits: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/node'), ['--import', 'tsx', 'tests/helpers/quote-writer.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const committed: string[] = [];
    let errors = '';
    let pending = '';
    let killing = false;
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('salvato ')) committed.push(line.slice('salvato '.length));
      if (!killing && committed.length >= commits) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), randomInt(0, 15));
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(committed) : reject(new Error(`lo scrittore è uscito da solo (${code}): ${errors}`))));
  });
}

describe('a process killed with SIGKILL in the middle of its writes', () => {
  it(`loses no committed quote and leaves none without its cards (${url ? 'PostgreSQL' : 'PGlite, reopened from its folder'})`, { timeout: 240_000 }, async () => {
    const pgliteDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'crm-sigkill-'));
    const open = () => openDatabase(url ? { url } : { pgliteDir: path.join(pgliteDir!, 'db') });
    let handle: DatabaseHandle = open();
    try {
      if (!url) await migrate(handle);
      const account = await makeQuotesAccount(handle.db);
      const guest = await makeGuest(handle.db, account.tenant);
      const prefix = `sigkill-${unique()}`;
      // PGlite is one process per folder: the writer has it alone, and the test opens it again after each kill.
      if (!url) await handle.close();

      const committed: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const env = { WRITER_TENANT: JSON.stringify(account.tenant), WRITER_CONTACT_ID: guest.id, WRITER_PREFIX: `${prefix}-${round}` };
        committed.push(...(await writeUntilKilled(url ? { ...env, WRITER_DATABASE_URL: url } : { ...env, WRITER_PGLITE_DIR: path.join(pgliteDir!, 'db') }, randomInt(3, 12))));
      }

      if (!url) handle = open();
      const stored = await handle.db.select({ id: quotes.id, name: quotes.name }).from(quotes).where(eq(quotes.campingId, account.campsite.id));
      const cards = await handle.db.select({ quoteId: quoteCards.quoteId, idx: quoteCards.idx }).from(quoteCards).where(eq(quoteCards.campingId, account.campsite.id));
      const events = await handle.db.select({ quoteId: quoteProgressEvents.quoteId }).from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, account.campsite.id));

      const storedIds = new Set(stored.map((quote) => quote.id));
      expect(committed.filter((id) => !storedIds.has(id))).toEqual([]);
      const incomplete = stored.filter(
        (quote) =>
          cards.filter((card) => card.quoteId === quote.id).map((card) => card.idx).sort().join() !== '0,1' ||
          events.filter((event) => event.quoteId === quote.id).length !== 1,
      );
      expect(incomplete).toEqual([]);
      expect(cards.every((card) => storedIds.has(card.quoteId))).toBe(true);
      console.info(`SIGKILL × ${ROUNDS}: ${committed.length} preventivi confermati dallo scrittore, ${stored.length} nel database, tutti con le loro 2 schede.`);
    } finally {
      await handle.close().catch(() => {});
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    }
  });
});
