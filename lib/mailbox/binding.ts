import { and, eq } from 'drizzle-orm';
import { mailboxes, type ImapSettings, type MailboxProvider } from '@/db/schema';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { openMailboxClient } from './clients';
import { findMailboxRow, toMailboxView, type MailboxView } from './mailbox-row';
import type { MailboxClient } from '@/lib/vocabulary/mailbox-types';
import { logger } from '@/lib/ops/logger.mjs';

/** The account the staff member of the unit of work binds. */
export type NewBinding = {
  provider: MailboxProvider;
  address: string;
  /** Gmail's refresh token or the IMAP password, in clear: encrypted here, before it is stored. */
  secret: string;
  imapSettings?: ImapSettings | null;
  accessToken?: { token: string; expiresAt: Date } | null;
};

/**
 * Binds the campsite's mailbox. Binding the same account again (after "riconnetti") keeps what
 * was synced and goes on from the same point; another account replaces the old one and its mail.
 */
export async function saveBinding(ctx: StaffCtx, binding: NewBinding): Promise<MailboxView> {
  const campsiteId = ctx.campsiteId;
  const address = binding.address.trim().toLowerCase();
  const credentials = {
    encryptedSecret: encryptSecret(binding.secret),
    encryptedAccessToken: binding.accessToken ? encryptSecret(binding.accessToken.token) : null,
    accessTokenExpiresAt: binding.accessToken?.expiresAt ?? null,
    imapSettings: binding.imapSettings ?? null,
    status: 'active' as const,
    statusReason: null,
    lastSyncError: null,
    boundByUserId: ctx.tenant.userId,
  };
  return ctx.db.transaction(async (tx) => {
    const current = await findMailboxRow({ ...ctx, db: tx });
    if (current && current.provider === binding.provider && current.address === address) {
      const [row] = await tx
        .update(mailboxes)
        .set(credentials)
        .where(and(eq(mailboxes.id, current.id), eq(mailboxes.campingId, campsiteId)))
        .returning();
      return toMailboxView(row!);
    }
    if (current) await tx.delete(mailboxes).where(and(eq(mailboxes.id, current.id), eq(mailboxes.campingId, campsiteId)));
    const [row] = await tx
      .insert(mailboxes)
      .values({ campingId: campsiteId, provider: binding.provider, address, ...credentials })
      .returning();
    return toMailboxView(row!);
  });
}

/**
 * Unbinds: the grant is revoked at the provider first, then our copy of the credentials and of
 * the synced mail is deleted. Traces of mails the CRM sent stay. `revoked` is false when the
 * provider could not be reached: our copy is gone anyway, the account's security page shows the rest.
 */
export async function unbindMailbox(ctx: CampsiteCtx, options: { client?: MailboxClient } = {}): Promise<{ unbound: boolean; revoked: boolean }> {
  const row = await findMailboxRow(ctx);
  if (!row) return { unbound: false, revoked: false };
  let revoked = false;
  try {
    const client = options.client ?? (await openMailboxClient(ctx, row));
    try {
      await client.revoke();
      revoked = true;
    } finally {
      if (!options.client) await client.close();
    }
  } catch (error) {
    logger.error({ err: error }, 'Casella: revoca non riuscita');
  }
  await ctx.db.delete(mailboxes).where(and(eq(mailboxes.id, row.id), eq(mailboxes.campingId, ctx.campsiteId)));
  return { unbound: true, revoked };
}
