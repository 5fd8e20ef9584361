/**
 * Benchmark: the first (full) sync of a Gmail holding 5,000 messages (2,500 questions in the
 * inbox, each with our answer in sent), through a local stand-in of Google's REST API.
 * Baseline: the same client fetching the same messages and parsing each one, with nothing saved:
 * the ratio is what storing, threading and linking cost on top. Prints seconds, messages a second
 * and the process's memory. Run: `npm run bench:mailbox` (PGlite in memory) or with DATABASE_URL
 * (a scratch database of its own, dropped at the end).
 */
import '../load-env';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { gmailStandInEnvironment } from '../../tests/helpers/gmail-env';
import { newMessageId, rawMail } from '../../tests/helpers/raw-mail';
import { appendResults } from './results';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const standIn = await gmailStandInEnvironment();
process.env.DATA_ENCRYPTION_KEY ??= 'bench-only-data-key-bench-only-data-key-01';

// After the environment: env() is read once, by the first module that asks.
const { scratchDatabase } = await import('./scratch-database');
const { migrate } = await import('../../db/migrate');
const { campsites, contacts, mailboxMessages, mailboxThreads, users } = await import('../../db/schema');
const { openMailboxClient } = await import('../../lib/mailbox/clients');
const { completeGoogleAuthorization, startGoogleAuthorization } = await import('../../lib/mailbox/gmail/oauth');
const { findMailboxRow } = await import('../../lib/mailbox/mailbox-row');
const { parseMessage } = await import('../../lib/mailbox/parse');
const { syncMailbox } = await import('../../lib/mailbox/sync');
const { ctxFor, jobCtxFor } = await import('../../tests/helpers/ctx');


const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function measure<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { result, seconds, before: megabytes(before), peak: megabytes(peak) };
}

const { handle, drop } = await scratchDatabase('crm_bench_mailbox');
try {
  const db = handle.db;
  await migrate(handle);
  const [campsite] = await db.insert(campsites).values({ name: 'Benchmark casella' }).returning();
  const [user] = await db.insert(users).values({ campingId: campsite!.id, email: `bench-${randomBytes(3).toString('hex')}@example.it`, name: 'bench', passwordHash: 'x' }).returning();
  const guests = await db
    .insert(contacts)
    .values(Array.from({ length: 20 }, (_, index) => ({ campingId: campsite!.id, firstName: 'Ospite', lastName: `${index}`, email: `ospite-${index}@esempio.test` })))
    .returning();
  const account = standIn.account('campeggio-bench@gmail.test');
  const body = 'Buongiorno, vorremmo sapere se avete una piazzola libera per due adulti e un cane. '.repeat(20);
  let question = '';
  account.seed(MESSAGES, (index) => {
    const internalDate = new Date(Date.now() - (index / MESSAGES) * 80 * 24 * 60 * 60 * 1000);
    const guest = guests[index % 20]!.email!;
    if (index % 2 === 0) {
      question = newMessageId();
      return { raw: rawMail({ from: guest, to: account.address, subject: `Richiesta ${index}`, messageId: question, text: body }), internalDate, labelIds: ['INBOX', 'UNREAD'] };
    }
    return { raw: rawMail({ from: account.address, to: guest, subject: `Re: Richiesta ${index - 1}`, inReplyTo: question, references: [question], text: body }), internalDate, labelIds: ['SENT'] };
  });
  const redirectUri = 'https://crm.example.it/api/mailbox/google/callback';
  const staff = ctxFor(db, { campsiteId: campsite!.id, userId: user!.id, email: user!.email });
  const url = new URL(await startGoogleAuthorization(staff, { redirectUri }));
  const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri });
  await completeGoogleAuthorization((work) => work(staff), { state: url.searchParams.get('state')!, code });
  const job = jobCtxFor(db, campsite!.id, 'bench');

  const since = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
  const baseline = await measure(async () => {
    const client = await openMailboxClient(job, (await findMailboxRow(job))!);
    let parsed = 0;
    await client.fullSync(since, {
      known: async () => new Set(),
      held: async () => [],
      save: async (batch) => {
        parsed += (await Promise.all(batch.messages.map(parseMessage))).length;
      },
    });
    return parsed;
  });
  const sync = await measure(() => syncMailbox(job));
  const [stored] = await db.select({ total: count() }).from(mailboxMessages).where(eq(mailboxMessages.campingId, campsite!.id));
  const [threads] = await db.select({ total: count() }).from(mailboxThreads).where(eq(mailboxThreads.campingId, campsite!.id));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const report = [
    `Full sync of a Gmail with ${MESSAGES} messages (${engine}, Gmail stand-in in this process)`,
    `  baseline (fetch and parse, nothing saved): ${baseline.seconds.toFixed(1)} s, ${Math.round(MESSAGES / baseline.seconds)} messages/s`,
    `  full sync (saved, threaded, linked):       ${sync.seconds.toFixed(1)} s, ${Math.round(MESSAGES / sync.seconds)} messages/s, ×${(sync.seconds / baseline.seconds).toFixed(2)} the baseline`,
    `  RSS: ${sync.before} MB before the sync, ${sync.peak} MB at its peak`,
    `  stored: ${stored!.total} messages in ${threads!.total} conversations (${sync.result.state}, ${sync.result.mode})`,
  ];
  for (const line of report) console.log(line);
  if (baseline.result !== MESSAGES || stored!.total !== MESSAGES || threads!.total !== MESSAGES / 2) {
    console.error('Conteggi inattesi: la sincronizzazione non ha salvato ogni messaggio una volta sola.');
    process.exitCode = 1;
  } else {
    appendResults('## Casella: la prima sincronizzazione di un Gmail con 5.000 messaggi (`npm run bench:mailbox`)', ['```', ...report, '```'].join('\n'));
  }
} finally {
  await handle.close();
  await drop();
  await standIn.close();
}
