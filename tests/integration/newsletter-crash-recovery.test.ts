import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { campaigns, campsites, newsletterRecipients } from '@/db/schema';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { jobCtxFor } from '../helpers/ctx';
import { campsiteWithProvider, listWithMembers, PROVIDER_KEY } from '../helpers/newsletters';
import { startResendBatchStandIn, type Interception } from '../helpers/resend-batch-stand-in';
import { workerProcess } from '../helpers/worker-process';

const url = process.env.DATABASE_URL;
const RECIPIENTS = 10_000;
const RATE = 2;

/**
 * The worker runs as separate processes (npm run worker) that share nothing but PostgreSQL, so
 * this needs a real server: PGlite allows one process per database.
 */
describe.skipIf(!url)('a 10,000-recipient newsletter while its worker is killed five times', () => {
  it('reaches every receivable guest exactly once, at the provider’s rate', { timeout: 10 * 60_000 }, async () => {
    // A database of its own: no other test file's jobs may reach this worker.
    const name = `crm_nl_crash_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const handle = openDatabase({ url: target.toString() });
    // Killed at a call of the stand-in, then started again (bound below, once the stand-in has its address).
    let worker: ReturnType<typeof workerProcess> | undefined;
    const restart = async () => {
      await worker!.kill();
      setTimeout(() => worker!.start(), 300);
    };
    try {
      await migrate(handle);
      const db = handle.db;
      const campsite = await campsiteWithProvider(db, 'Camping Crash Test');
      const { list, members } = await listWithMembers(db, campsite.id, [
        ...Array.from({ length: RECIPIENTS }, () => ({})),
        ...Array.from({ length: 25 }, () => ({ leftList: true })),
        ...Array.from({ length: 25 }, () => ({ newsletterOptOutAt: new Date() })),
        ...Array.from({ length: 25 }, () => ({ emailSuppressedAt: new Date(), emailSuppressedReason: 'bounce' as const })),
      ]);
      const excluded = new Set(members.slice(RECIPIENTS).map((member) => member.email!.toLowerCase()));

      // Five kills at random calls of the hundred: before the answer (the provider has the batch, the
      // worker never learns it) or right after it (the worker may die before writing it down).
      const calls = new Set<number>();
      while (calls.size < 5) calls.add(randomInt(2, RECIPIENTS / 100 - 2));
      const kills = new Map([...calls].map((call) => [call, randomInt(2) === 0 ? ('before' as const) : ('after' as const)]));
      const standIn = await startResendBatchStandIn({
        apiKey: PROVIDER_KEY,
        ratePerSecond: RATE,
        beforeAnswer: async (call): Promise<Interception> => {
          if (kills.get(call) !== 'before') return 'answer';
          await restart();
          return 'drop';
        },
        afterAnswer: (call) => {
          if (kills.get(call) === 'after') void restart();
        },
      });

      worker = workerProcess({
        DATABASE_URL: target.toString(),
        RESEND_BASE_URL: standIn.baseUrl,
        NEWSLETTER_LEASE_SECONDS: '3',
        NEWSLETTER_RECOVERY_SECONDS: '1',
        NEWSLETTER_RATE_PER_SECOND: String(RATE),
      });
      try {
        const started = Date.now();
        worker.start();
        // Recovery of the worker's first run picks the newsletter up: no job is queued from here.
        const { campaignId } = await startNewsletter(jobCtxFor(db, campsite.id), { listId: list.id, subject: 'Estate {{nome}}', html: '<p>Ciao {{nome}}</p>' });
        let status = '';
        while (Date.now() - started < 4 * 60_000) {
          [{ status }] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
          if (status === 'sent' || status === 'failed') break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const batches = await db.execute(sql`select state, count(*)::int as n from newsletter_batches where campaign_id = ${campaignId} group by state`);
        expect(status, `${JSON.stringify(batches)} ${standIn.delivered.length} consegnate\n${worker.output().slice(-3000)}`).toBe('sent');

        const addresses = standIn.delivered.map((mail) => mail.email.to[0].toLowerCase());
        const distinct = new Set(addresses);
        const accepted = standIn.calls.filter((call) => call.status === 200);
        const delivering = accepted.filter((call) => call.delivered > 0);
        const seconds = (delivering.at(-1)!.at - delivering[0].at) / 1000;
        const refused = standIn.calls.filter((call) => call.status === 429);
        const gaps = delivering.slice(1).map((call, i) => ({ after: i + 1, seconds: (call.at - delivering[i].at) / 1000 })).filter((gap) => gap.seconds > 2);
        console.log(
          `newsletter ${RECIPIENTS}: ${(RECIPIENTS / seconds).toFixed(1)} e-mail/s (tetto ${RATE * 100}/s), ${delivering.length} chiamate consegnate, ` +
            `${accepted.length - delivering.length} ripetute con la stessa chiave, ${refused.length} risposte 429, ${worker.starts} avvii del worker, ` +
            `uccisioni ${JSON.stringify(Object.fromEntries(kills))}, memoria del worker ${JSON.stringify(worker.memory())}, pause oltre 2 s ${JSON.stringify(gaps)}`,
        );

        expect(distinct.size).toBe(RECIPIENTS);
        expect(addresses).toHaveLength(RECIPIENTS);
        expect(addresses.filter((address) => excluded.has(address))).toEqual([]);
        // Never above the rate: at most RATE accepted calls in any second, and after a 429 nothing before its Retry-After.
        for (let i = RATE; i < accepted.length; i++) expect(accepted[i].at - accepted[i - RATE].at).toBeGreaterThanOrEqual(1000);
        for (const refusal of refused) {
          const next = standIn.calls.find((call) => call.at > refusal.at);
          if (next) expect(next.at - refusal.at).toBeGreaterThanOrEqual(Number(refusal.retryAfter) * 1000 - 50);
        }
        // Calls leave on time to a few milliseconds; a rare late one meets a 429 and waits as told.
        expect(refused.length).toBeLessThanOrEqual(15);
        expect(worker.starts).toBe(6);

        const ledger = await db.select().from(newsletterRecipients).where(eq(newsletterRecipients.campaignId, campaignId));
        expect(ledger.filter((row) => row.state === 'sent')).toHaveLength(RECIPIENTS);
        expect(new Set(ledger.filter((row) => row.state === 'sent').map((row) => row.providerMessageId)).size).toBe(RECIPIENTS);
        expect(ledger.filter((row) => row.state === 'skipped')).toHaveLength(75);
        const [after] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
        expect(after).toMatchObject({ sentCount: RECIPIENTS, failedCount: 0, skippedCount: 75, recipientCount: RECIPIENTS });
        const [counter] = await db.select({ sent: campsites.monthlyEmailSent }).from(campsites).where(eq(campsites.id, campsite.id));
        expect(counter.sent).toBe(RECIPIENTS);
      } finally {
        await standIn.close();
      }
    } finally {
      worker?.stop();
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
