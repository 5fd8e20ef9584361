/**
 * Benchmark: one newsletter to 10,000 recipients through a local stand-in of Resend's batch
 * endpoint that allows 2 calls a second (200 mails a second: the cap, and the bare baseline).
 * Run: `npm run bench:newsletter` (PGlite in memory) or with DATABASE_URL (PostgreSQL: a scratch
 * database of its own, dropped at the end). Prints mails per second against the cap, the 429s the
 * sender met, the most calls the provider saw in any sliding second (the cap: 2), the time of the
 * fan-out and the process's memory while sending. Batches go CONCURRENCY at a time, as the
 * workers of two instances would (4 each): they share the key's turns only through the database.
 */
import '../load-env';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { campaigns, campsites, contacts, listMemberships, mailingLists } from '../../db/schema';
import { campsiteContext } from '../../lib/context/unit-of-work';
import { encryptSecret } from '../../lib/crypto/secret-box';
import { sendNewsletterBatch } from '../../lib/newsletter/batch-send';
import { startNewsletter } from '../../lib/newsletter/campaign-start';
import { fanOutNewsletter } from '../../lib/newsletter/fan-out';
import { resendNewsletterProvider } from '../../lib/newsletter/provider';
import { busiestSecond, startResendBatchStandIn } from '../../tests/helpers/resend-batch-stand-in';
import { scratchDatabase } from './scratch-database';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const RATE = 2;
const CONCURRENCY = 8;
const KEY = 're_bench_newsletter_key_0123456789';
process.env.DATA_ENCRYPTION_KEY ??= 'bench-only-data-key-bench-only-data-key-01';


async function seed(db: Database) {
  const [campsite] = await db
    .insert(campsites)
    .values({ name: 'Benchmark newsletter', mailjetApiKey: encryptSecret(KEY), mailjetSecret: encryptSecret('whsec_YmVuY2g=') })
    .returning();
  const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Tutti' }).returning();
  for (let start = 0; start < RECIPIENTS; start += 1000) {
    const rows = await db
      .insert(contacts)
      .values(Array.from({ length: Math.min(1000, RECIPIENTS - start) }, (_, i) => ({ campingId: campsite.id, firstName: `Ospite${start + i}`, email: `ospite${start + i}@bench.test` })))
      .returning({ id: contacts.id });
    await db.insert(listMemberships).values(rows.map((row) => ({ campingId: campsite.id, listId: list.id, contactId: row.id })));
  }
  return { campsiteId: campsite.id, listId: list.id };
}

const { handle, drop } = await scratchDatabase('crm_bench_newsletter');
const standIn = await startResendBatchStandIn({ apiKey: KEY, ratePerSecond: RATE });
try {
  await migrate(handle);
  const db = handle.db;
  const { campsiteId, listId } = await seed(db);
  const html = `<html><body><h1>Estate al lago, {{nome}}</h1>${'<p>Offerte per le famiglie, piazzole vista lago e bungalow.</p>'.repeat(20)}</body></html>`;
  const ctx = campsiteContext({ kind: 'job', campsiteId, job: 'bench newsletter' }, db);
  const { campaignId } = await startNewsletter(ctx, { listId, subject: 'Estate {{nome}}', html });

  const fanStart = performance.now();
  const { batchNos } = await fanOutNewsletter(ctx, { campaignId });
  const fanOutMs = performance.now() - fanStart;

  const memory: number[] = [];
  const heap: number[] = [];
  const sampler = setInterval(() => {
    memory.push(process.memoryUsage().rss);
    heap.push(process.memoryUsage().heapUsed);
  }, 250);
  const factory = (key: string) => resendNewsletterProvider(key, standIn.baseUrl);
  const queue = [...batchNos];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let batchNo = queue.shift(); batchNo !== undefined; batchNo = queue.shift()) {
        await sendNewsletterBatch(ctx, { campaignId, batchNo }, { factory, ratePerSecond: RATE });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const [done] = await db.select().from(campaigns);
  const refused = standIn.calls.filter((call) => call.status === 429).length;
  const perSecond = done.sentCount / seconds;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(`Newsletter a ${RECIPIENTS} destinatari su ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`);
  console.log(`  fan-out (registro e lotti in una transazione): ${fanOutMs.toFixed(0)} ms`);
  console.log(`  inviate ${done.sentCount} in ${seconds.toFixed(1)} s: ${perSecond.toFixed(1)} e-mail/s contro un tetto di ${RATE * 100}/s (${((perSecond / (RATE * 100)) * 100).toFixed(0)} %)`);
  console.log(`  chiamate ${standIn.calls.length}, risposte 429 ${refused}, destinatari distinti presso il provider ${new Set(standIn.delivered.map((m) => m.email.to[0])).size}`);
  console.log(`  chiamate al massimo in un secondo scorrevole (1000 ms): ${busiestSecond(standIn.calls)} (tetto ${RATE})`);
  console.log(`  memoria durante l'invio: RSS massimo ${mb(Math.max(...memory))} MB, heap JS massimo ${mb(Math.max(...heap))} MB`);
} finally {
  await standIn.close();
  await handle.close();
  await drop();
}
