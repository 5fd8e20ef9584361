import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { newsletterRecipients } from '@/db/schema';
import { sendNewsletterBatch } from '@/lib/newsletter/batch-send';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { fanOutNewsletter } from '@/lib/newsletter/fan-out';
import { resendNewsletterProvider } from '@/lib/newsletter/provider';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { campsiteWithProvider, listWithMembers } from '../helpers/newsletters';
import { busiestSecond, startResendBatchStandIn } from '../helpers/resend-batch-stand-in';
import { PROVIDER_KEY } from '../helpers/newsletters';

const db = await useTestDatabase();
// On PostgreSQL the second sender has a pool of its own, as another instance would: the two share
// the key's turns only through the database.
const otherInstance = process.env.DATABASE_URL ? openDatabase({ url: process.env.DATABASE_URL }) : null;
afterAll(() => otherInstance?.close());
const standIn = await startResendBatchStandIn({ apiKey: PROVIDER_KEY, ratePerSecond: 2 });
afterAll(() => standIn.close());
const factory = (key: string) => resendNewsletterProvider(key, standIn.baseUrl);

/**
 * Holds the send turns' table for 200 ms now and then, as a busy database does: a statement that
 * runs between a call's turn and the call itself comes back late, and a late call must not bring
 * the next punctual one within the provider's second. The wait is this process's timer, not
 * pg_sleep: PGlite runs in this thread, where pg_sleep would stop the stand-in's clock too.
 */
async function busyDatabase(until: () => boolean) {
  while (!until()) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table provider_send_slots in access exclusive mode`);
      await sleep(200);
    });
    await sleep(50 + Math.random() * 200);
  }
}

describe('the pace of a newsletter at the provider', () => {
  it('never brings 3 calls of one key within a second, with two senders and a busy database, and meets no 429', async () => {
    const campsite = await campsiteWithProvider(db, 'Camping Ritmo Giusto');
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const { list } = await listWithMembers(db, campsite.id, Array.from({ length: 700 }, () => ({})));
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Novità per {{nome}}', html: '<p>Ciao {{nome}}</p>' });
    const { batchNos } = await fanOutNewsletter(ctx, { campaignId });
    expect(batchNos).toHaveLength(7);

    const queue = [...batchNos];
    const sender = async (handle: Database) => {
      const outcomes: string[] = [];
      const senderCtx = ctxFor(handle, { campsiteId: campsite.id });
      for (let batchNo = queue.shift(); batchNo !== undefined; batchNo = queue.shift()) {
        outcomes.push(await sendNewsletterBatch(senderCtx, { campaignId, batchNo }, { factory, ratePerSecond: 2, leaseSeconds: 30 }));
      }
      return outcomes;
    };
    let done = false;
    const busy = busyDatabase(() => done);
    const outcomes = await Promise.all([sender(db), sender(otherInstance?.db ?? db)]).finally(() => (done = true));
    await busy;

    expect(outcomes.flat()).toEqual(Array(7).fill('sent'));
    expect(standIn.calls.filter((call) => call.status === 429)).toEqual([]);
    expect(standIn.calls).toHaveLength(7);
    expect(busiestSecond(standIn.calls)).toBe(2);
    const sent = await db.select({ state: newsletterRecipients.state }).from(newsletterRecipients).where(eq(newsletterRecipients.campaignId, campaignId));
    expect(sent.filter((row) => row.state === 'sent')).toHaveLength(700);
  });
});

describe('the busiest second of a list of calls', () => {
  it('counts the calls within any 1,000 ms, the ends apart by less', () => {
    expect(busiestSecond([])).toBe(0);
    expect(busiestSecond([{ at: 0 }, { at: 999 }, { at: 1998 }])).toBe(2);
    expect(busiestSecond([{ at: 0 }, { at: 600 }, { at: 999 }])).toBe(3);
    expect(busiestSecond([{ at: 2000 }, { at: 0 }, { at: 1001 }, { at: 1500 }])).toBe(3);
  });
});
