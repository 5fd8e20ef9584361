import { and, eq, sql } from 'drizzle-orm';
import { mailboxes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { leaseHeld, renewLease, takeLease } from '@/lib/jobs/lease';
import { openMailboxClient } from './clients';
import { findMailboxRow, markReconnect, type MailboxRow } from './mailbox-row';
import { heldProviderIds, knownProviderIds, saveSyncBatch } from './store';

/** What the settings say of a failed sync that is not a server out of reach: the details are in the server log. */
export const SYNC_FAILED = 'La casella non ha risposto come previsto.';
import { MailboxAuthError, MailboxUnreachableError, SyncCursorExpiredError, type MailboxClient, type SyncCursor, type SyncSink } from '@/lib/vocabulary/mailbox-types';
import { logger } from '@/lib/ops/logger.mjs';

/** A sync holds its mailbox this long, renewed at every saved page; a crashed one frees it by itself. */
const LEASE_SECONDS = 300;

export type SyncReport = {
  state: 'synced' | 'busy' | 'not-bound' | 'reconnect' | 'failed';
  mode?: 'full' | 'partial';
  added: number;
  ms: number;
  error?: string;
};

const mailboxLease = { table: mailboxes, until: mailboxes.syncLeaseUntil };

/** Takes the mailbox for one sync (lib/jobs/lease.ts), unless another instance is syncing it or it waits to be bound again. */
async function claim(ctx: CampsiteCtx): Promise<{ row: MailboxRow; held: Date } | null> {
  const taken = await takeLease(ctx.db, { ...mailboxLease, where: and(eq(mailboxes.campingId, ctx.campsiteId), eq(mailboxes.status, 'active')), seconds: LEASE_SECONDS });
  const [row] = taken.rows;
  return row ? { row, held: taken.until! } : null;
}

/**
 * Brings the campsite's mailbox up to date: a full sync of the last MAILBOX_SYNC_DAYS the first
 * time (or when the provider lost our point in its history), a partial one from the cursor after.
 * Every page is saved in its own transaction and the cursor only after the last, so a sync cut
 * short starts again from the old cursor and finds what it saved already held.
 */
export async function syncMailbox(ctx: CampsiteCtx, options: { client?: MailboxClient } = {}): Promise<SyncReport> {
  const { db, campsiteId } = ctx;
  const startedAt = Date.now();
  const claimed = await claim(ctx);
  if (!claimed) {
    const current = await findMailboxRow(ctx);
    const state = !current ? 'not-bound' : current.status === 'reconnect' ? 'reconnect' : 'busy';
    return { state, added: 0, ms: Date.now() - startedAt };
  }
  const { row } = claimed;
  const ref = { id: row.id, address: row.address };
  const scope = and(eq(mailboxes.id, row.id), eq(mailboxes.campingId, campsiteId));
  let added = 0;
  const sink: SyncSink = {
    known: (ids) => knownProviderIds(ctx, ref, ids),
    held: (prefix) => heldProviderIds(ctx, ref, prefix),
    // Mail that arrives after the first sync rings the bell; the first sync's old mail does not.
    save: async (batch) => {
      added += (await saveSyncBatch(ctx, ref, batch, { notify: mode === 'partial' })).added;
      claimed.held = (await renewLease(db, { ...mailboxLease, where: scope, held: claimed.held, seconds: LEASE_SECONDS })) ?? claimed.held;
    },
  };
  // The cursor and the outcome are written whatever happened; the lease is let go only if still ours.
  const letGo = () => sql`case when ${leaseHeld(mailboxes.syncLeaseUntil, claimed.held)} then null else ${mailboxes.syncLeaseUntil} end`;
  let mode: 'full' | 'partial' = row.fullSyncAt && row.syncCursor ? 'partial' : 'full';
  let client: MailboxClient | undefined = options.client;
  try {
    client ??= await openMailboxClient(ctx, row);
    const since = new Date(Date.now() - env().MAILBOX_SYNC_DAYS * 24 * 60 * 60 * 1000);
    let cursor: SyncCursor;
    if (mode === 'partial') {
      try {
        cursor = await client.partialSync(row.syncCursor!, sink);
      } catch (error) {
        if (!(error instanceof SyncCursorExpiredError)) throw error;
        mode = 'full';
        cursor = await client.fullSync(since, sink);
      }
    } else {
      cursor = await client.fullSync(since, sink);
    }
    const ms = Date.now() - startedAt;
    await db
      .update(mailboxes)
      .set({ syncCursor: cursor, ...(mode === 'full' ? { fullSyncAt: new Date() } : {}), lastSyncAt: new Date(), lastSyncError: null, lastSyncMs: ms, syncLeaseUntil: letGo() })
      .where(scope);
    return { state: 'synced', mode, added, ms };
  } catch (error) {
    const ms = Date.now() - startedAt;
    if (error instanceof MailboxAuthError) {
      await markReconnect(ctx, row, error.message);
      return { state: 'reconnect', mode, added, ms, error: error.message };
    }
    logger.error({ err: error }, 'Casella: sincronizzazione non riuscita');
    // The admin reads what to do; the system's words are in the log line above.
    const message = error instanceof MailboxUnreachableError ? error.message : SYNC_FAILED;
    await db.update(mailboxes).set({ lastSyncError: message.slice(0, 500), lastSyncAt: new Date(), syncLeaseUntil: letGo() }).where(scope);
    return { state: 'failed', mode, added, ms, error: message };
  } finally {
    if (client && !options.client) await client.close().catch(() => undefined);
  }
}
