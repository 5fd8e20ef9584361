/**
 * Benchmark: one process holding the IDLE connections of 50 bound IMAP mailboxes (50 users of a
 * private Dovecot). Prints the process's RSS before the watcher starts and once every mailbox
 * idles (the difference is what the connections cost), and how long a delivered mail takes to
 * reach the CRM through IDLE. Run: `npx tsx --expose-gc scripts/bench/mailbox-idle.ts` (PGlite in
 * memory, whose own memory is in both figures) or with DATABASE_URL (a scratch database).
 */
import '../load-env';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { startDovecot } from '../../tests/helpers/dovecot';
import { deliver } from '../../tests/helpers/dovecot-mail';
import { startSmtpCapture } from '../../tests/helpers/smtp-capture';

const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 50);
const PASSWORD = 'Bench-idle-1';
process.env.DATA_ENCRYPTION_KEY ??= 'bench-only-data-key-bench-only-data-key-01';

const { scratchDatabase } = await import('./scratch-database');
const { migrate } = await import('../../db/migrate');
const { campsites, mailboxMessages, users } = await import('../../db/schema');
const { bindImapMailbox } = await import('../../lib/mailbox/imap/bind');
const { watchMailboxes } = await import('../../lib/mailbox/idle');
const { ctxFor } = await import('../../tests/helpers/ctx');

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** RSS, and the JS heap (where the connections' own objects live, apart from the engine's noise). */
const memory = () => {
  global.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dovecot = await startDovecot();
const smtp = await startSmtpCapture();
const { handle, drop } = await scratchDatabase('crm_bench_mailbox_idle');
try {
  const db = handle.db;
  await migrate(handle);
  const accounts: { campsiteId: string; address: string }[] = [];
  for (let index = 0; index < MAILBOXES; index++) {
    const address = `casella-${index}@idle-bench.test`;
    await dovecot.setPassword(address, PASSWORD);
    smtp.setPassword(address, PASSWORD);
    const [campsite] = await db.insert(campsites).values({ name: `Benchmark IDLE ${index}` }).returning();
    await db.insert(users).values({ campingId: campsite!.id, email: `bench-${randomBytes(3).toString('hex')}@example.it`, name: 'bench', passwordHash: 'x' });
    accounts.push({ campsiteId: campsite!.id, address });
  }
  // Dovecot's auth process reads its users file at most once a second.
  await pause(1_100);
  for (const { campsiteId, address } of accounts) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.campingId, campsiteId));
    const settings = { imapHost: dovecot.host, imapPort: dovecot.port, imapSecure: false, smtpHost: smtp.host, smtpPort: smtp.port, smtpSecure: false, username: address };
    await bindImapMailbox(ctxFor(db, { campsiteId, userId: user!.id }), { address, settings, password: PASSWORD });
  }

  const before = memory();
  const firstSyncs = new Set<string>();
  const watcher = watchMailboxes(db, { scanSeconds: 1, onSync: (campsiteId) => firstSyncs.add(campsiteId) });
  const started = performance.now();
  while (firstSyncs.size < MAILBOXES && performance.now() - started < 120_000) await pause(100);
  const connectedIn = (performance.now() - started) / 1000;
  // Every connection in IDLE (entered at once after SELECT), then a quiet while.
  await pause(5_000);
  const idling = memory();
  const held = watcher.held().length;

  const latencies: number[] = [];
  for (const { campsiteId, address } of accounts.slice(0, 10)) {
    const messageId = `idle-${randomBytes(5).toString('hex')}@ospite.test`;
    const raw = [`From: ospite@ospite.test`, `To: ${address}`, 'Subject: Arrivo', `Message-ID: <${messageId}>`, `Date: ${new Date().toUTCString()}`, '', 'Arriviamo alle 18.', ''].join('\r\n');
    const sent = performance.now();
    await deliver(dovecot, address, PASSWORD, raw);
    const has = async () => (await db.select({ id: mailboxMessages.id }).from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxMessages.rfcMessageId, messageId)))).length > 0;
    while (!(await has()) && performance.now() - sent < 10_000) await pause(20);
    latencies.push(performance.now() - sent);
  }
  await watcher.stop();
  latencies.sort((a, b) => a - b);
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`IDLE of ${MAILBOXES} IMAP mailboxes in one process (${engine}, Dovecot on this machine)`);
  console.log(`  connected, first sync done: ${firstSyncs.size}/${MAILBOXES} in ${connectedIn.toFixed(1)} s; held by the watcher: ${held}`);
  for (const key of ['rss', 'heapUsed'] as const) {
    const grown = idling[key] - before[key];
    console.log(`  ${key}: ${megabytes(before[key])} MB before, ${megabytes(idling[key])} MB with every mailbox in IDLE: ${grown >= 0 ? '+' : ''}${megabytes(grown)} MB, ${Math.round(grown / MAILBOXES / 1024)} KB a mailbox`);
  }
  console.log(`  delivered mail in the CRM after (10 mailboxes): median ${Math.round(latencies[Math.floor(latencies.length / 2)]!)} ms, max ${Math.round(latencies.at(-1)!)} ms`);
} finally {
  await handle.close();
  await drop();
  await smtp.close();
  await dovecot.stop();
}
