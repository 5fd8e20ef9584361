import { and, eq } from 'drizzle-orm';
import { mailboxes, type ImapSettings, type MailboxProvider, type MailboxStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

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

export async function findMailboxRow(ctx: CampsiteCtx): Promise<MailboxRow | null> {
  const [row] = await ctx.db.select().from(mailboxes).where(eq(mailboxes.campingId, ctx.campsiteId));
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

export async function findMailbox(ctx: CampsiteCtx): Promise<MailboxView | null> {
  const row = await findMailboxRow(ctx);
  return row ? toMailboxView(row) : null;
}

/** The provider refused our credentials: the mailbox waits for the staff to bind it again. */
export async function markReconnect(ctx: CampsiteCtx, row: Pick<MailboxRow, 'id'>, reason: string): Promise<void> {
  await ctx.db
    .update(mailboxes)
    .set({ status: 'reconnect', statusReason: reason.slice(0, 500), syncLeaseUntil: null, encryptedAccessToken: null, accessTokenExpiresAt: null })
    .where(and(eq(mailboxes.id, row.id), eq(mailboxes.campingId, ctx.campsiteId)));
}
