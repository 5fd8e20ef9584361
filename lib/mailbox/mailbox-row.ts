import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { mailboxes, type ImapSettings, type MailboxProvider, type MailboxStatus } from '@/db/schema';

export type MailboxRow = typeof mailboxes.$inferSelect;

/** What screens and answers show of a bound mailbox: never a secret. */
export type MailboxView = {
  id: string;
  provider: MailboxProvider;
  address: string;
  status: MailboxStatus;
  statusReason: string | null;
  imap: ImapSettings | null;
  fullSyncAt: Date | null;
  lastSyncAt: Date | null;
  lastSyncError: string | null;
  lastSyncMs: number | null;
  syncing: boolean;
};

export async function findMailboxRow(db: DbOrTx, campsiteId: string): Promise<MailboxRow | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.campingId, campsiteId));
  return row ?? null;
}

export function toMailboxView(row: MailboxRow): MailboxView {
  return {
    id: row.id,
    provider: row.provider,
    address: row.address,
    status: row.status,
    statusReason: row.statusReason,
    imap: row.imapSettings,
    fullSyncAt: row.fullSyncAt,
    lastSyncAt: row.lastSyncAt,
    lastSyncError: row.lastSyncError,
    lastSyncMs: row.lastSyncMs,
    syncing: Boolean(row.syncLeaseUntil && row.syncLeaseUntil > new Date()),
  };
}

export async function findMailbox(db: DbOrTx, campsiteId: string): Promise<MailboxView | null> {
  const row = await findMailboxRow(db, campsiteId);
  return row ? toMailboxView(row) : null;
}

/** The provider refused our credentials: the mailbox waits for the staff to bind it again. */
export async function markReconnect(db: DbOrTx, row: Pick<MailboxRow, 'id' | 'campingId'>, reason: string): Promise<void> {
  await db
    .update(mailboxes)
    .set({ status: 'reconnect', statusReason: reason.slice(0, 500), syncLeaseUntil: null, encryptedAccessToken: null, accessTokenExpiresAt: null })
    .where(and(eq(mailboxes.id, row.id), eq(mailboxes.campingId, row.campingId)));
}
