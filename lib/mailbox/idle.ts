import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Database } from '@/db/client';
import { mailboxes } from '@/db/schema';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { releaseLease, renewLease, takeLease } from '@/lib/jobs/lease';
import { closeImap, openImap } from './imap/connection';
import { syncMailbox, type SyncReport } from './sync';
import { logger } from '@/lib/ops/logger.mjs';

/**
 * One IDLE connection per bound IMAP mailbox, held by whichever instance took the mailbox's IDLE
 * lease: on new mail (EXISTS) or a deletion (EXPUNGE) the mailbox syncs at once instead of at
 * the next minute's schedule. An instance renews its leases at every scan; one that dies stops
 * renewing, the deadline passes and another instance takes the mailbox at its next scan. Gmail
 * has no IDLE: it keeps its schedule.
 */
export type IdleOptions = {
  /** How often leases are renewed and free mailboxes taken. */
  scanSeconds?: number;
  /** How long a lease outlives its last renewal: how soon another instance takes over a dead one's mailboxes. */
  leaseSeconds?: number;
  /** Connections one process holds at most: the others are left to other instances. */
  maxMailboxes?: number;
  /** After each sync IDLE set off (tests and the bench measure with it). */
  onSync?: (campsiteId: string, report: SyncReport) => void;
};

export type IdleWatcher = {
  /** The mailbox ids this watcher holds a connection for. */
  held(): string[];
  stop(): Promise<void>;
};

type Watched = { campsiteId: string; lease: Date; client: ImapFlow | null; syncing: boolean; again: boolean; closed: boolean };

const idleLease = { table: mailboxes, until: mailboxes.idleLeaseUntil };
const JOB = 'posta.casella.idle';
/** IDLE restarted this often: some servers and NATs drop a connection quiet for longer (RFC 2177 asks for under 29 minutes). */
const IDLE_RESTART_MS = 4 * 60 * 1000;
/** A sync busy elsewhere (the schedule, "Aggiorna") is asked again after this. */
const BUSY_RETRY_MS = 2_000;

export function watchMailboxes(db: Database, options: IdleOptions = {}): IdleWatcher {
  const scanSeconds = options.scanSeconds ?? 20;
  const leaseSeconds = options.leaseSeconds ?? 90;
  const maxMailboxes = options.maxMailboxes ?? 500;
  const watched = new Map<string, Watched>();
  let stopping = false;
  let scanning: Promise<void> = Promise.resolve();

  const scope = (id: string) => and(eq(mailboxes.id, id), eq(mailboxes.provider, 'imap'), eq(mailboxes.status, 'active'));

  async function sync(entry: Watched): Promise<void> {
    if (entry.syncing) {
      entry.again = true;
      return;
    }
    entry.syncing = true;
    try {
      do {
        entry.again = false;
        const report = await syncMailbox(campsiteContext({ kind: 'job', campsiteId: entry.campsiteId, job: JOB }, db));
        options.onSync?.(entry.campsiteId, report);
        if (report.state === 'busy' && !entry.closed) {
          await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
          entry.again = true;
        }
      } while (entry.again && !entry.closed && !stopping);
    } catch (error) {
      logger.error({ err: error }, 'Casella: sincronizzazione da IDLE non riuscita');
    } finally {
      entry.syncing = false;
    }
  }

  /** Drops the connection; the lease goes too unless it was lost already (then it is another instance's). */
  async function drop(id: string, entry: Watched): Promise<void> {
    watched.delete(id);
    entry.closed = true;
    if (entry.client) await closeImap(entry.client).catch(() => undefined);
    await releaseLease(db, { ...idleLease, where: eq(mailboxes.id, id), held: entry.lease }).catch(() => undefined);
  }

  async function connect(id: string, entry: Watched, row: typeof mailboxes.$inferSelect): Promise<void> {
    const client = await openImap(row.imapSettings!, decryptSecret(row.encryptedSecret), { autoIdleDelay: 0, maxIdleTime: IDLE_RESTART_MS, socketTimeout: 2 * IDLE_RESTART_MS });
    entry.client = client;
    if (entry.closed) return void closeImap(client);
    // A dropped connection lets its lease go: the next scan (here or elsewhere) connects again.
    client.on('close', () => void (watched.get(id) === entry && drop(id, entry)));
    client.on('exists', () => void sync(entry));
    client.on('expunge', () => void sync(entry));
    await client.mailboxOpen('INBOX', { readOnly: true });
    // Mail that came while nobody watched (the connection was down, or held elsewhere).
    void sync(entry);
  }

  async function scan(): Promise<void> {
    for (const [id, entry] of watched) {
      const renewed = await renewLease(db, { ...idleLease, where: scope(id), held: entry.lease, seconds: leaseSeconds });
      if (renewed) entry.lease = renewed;
      else await drop(id, entry);
    }
    const room = maxMailboxes - watched.size;
    if (room <= 0 || stopping) return;
    const taken = await takeLease(db, {
      ...idleLease,
      where: and(eq(mailboxes.provider, 'imap'), eq(mailboxes.status, 'active')),
      seconds: leaseSeconds,
      limit: room,
      key: [mailboxes.id],
      orderBy: sql`${mailboxes.idleLeaseUntil} nulls first`,
    });
    for (const row of taken.rows) {
      const entry: Watched = { campsiteId: row.campingId, lease: taken.until!, client: null, syncing: false, again: false, closed: false };
      watched.set(row.id, entry);
      // A mailbox that cannot be reached keeps its lease until the deadline: retried then, not at every scan.
      connect(row.id, entry, row).catch((error: unknown) => {
        logger.error({ reason: error instanceof Error ? error.message : String(error) }, 'Casella: collegamento IDLE non riuscito');
        watched.delete(row.id);
        entry.closed = true;
        if (entry.client) void closeImap(entry.client);
      });
    }
  }

  const timer = setInterval(() => {
    scanning = scanning.then(scan).catch((error: unknown) => logger.error({ err: error }, 'Casella: giro IDLE non riuscito'));
  }, scanSeconds * 1000);
  scanning = scan().catch((error: unknown) => logger.error({ err: error }, 'Casella: giro IDLE non riuscito'));

  return {
    held: () => [...watched.keys()],
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await scanning;
      await Promise.all([...watched].map(([id, entry]) => drop(id, entry)));
    },
  };
}

