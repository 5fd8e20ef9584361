import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { hashPassword, hasUsablePassword, verifyPassword } from '@/lib/auth/passwords';
import { normalizeEmail, type UserRow } from '@/lib/auth/service';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { limiter, minutesLeft, type LimitRule } from '@/lib/rate-limit/limiter';
import { snapshot } from './rules';
import { assertEmailFree } from './service';
import { endUserSessions } from './sessions';
import { WRONG_OLD_PASSWORD, type AccountEdit, type OwnPasswordChange } from './validation';

export { WRONG_OLD_PASSWORD };

export const OLD_PASSWORD_LIMIT: LimitRule = { points: 5, durationSeconds: 15 * 60 };
const oldPasswordLimiter = limiter('old-password', OLD_PASSWORD_LIMIT);

async function selfForUpdate(ctx: StaffCtx): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.tenant.userId)).for('update');
  if (!user || user.campingId !== ctx.campsiteId) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}

/** Account CRM: the signed-in user's own row, whatever their role. */
export async function getOwnAccount(ctx: StaffCtx): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.tenant.userId));
  if (!user || user.campingId !== ctx.campsiteId) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}

/** Every user changes their own name and e-mail (the e-mail stays unique across the product). */
export async function updateOwnAccount(ctx: StaffCtx, input: AccountEdit): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const current = await selfForUpdate(inTx);
    const email = normalizeEmail(input.email);
    if (email !== current.email) await assertEmailFree(tx, email, current.id);
    const [updated] = await tx
      .update(users)
      .set({ name: input.name, email, updatedAt: new Date(), version: current.version + 1 })
      .where(eq(users.id, current.id))
      .returning();
    const diff = changedKeys(snapshot(current), snapshot(updated));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(inTx, { campsiteId: ctx.campsiteId, action: 'account.update', entityId: current.id, summary: `Account ${updated.email} modificato`, ...diff });
    }
    return updated;
  });
}

/** The old password, verified under a limit: a stolen open session must not become a way to guess it offline-fast. */
async function checkOldPassword(ctx: StaffCtx, passwordHash: string, oldPassword: string): Promise<void> {
  const attempt = await oldPasswordLimiter.consume(ctx.db, ctx.tenant.userId);
  if (!attempt.allowed) {
    throw new AppError('rate_limited', `Troppi tentativi con la password attuale sbagliata. Riprova tra ${minutesLeft(attempt)} minuti.`);
  }
  if (!(await verifyPassword(passwordHash, oldPassword))) throw new AppError('bad_request', WRONG_OLD_PASSWORD);
  await oldPasswordLimiter.clear(ctx.db, ctx.tenant.userId);
}

/**
 * The own password, with the old one verified: the session that asked stays open, every other
 * session and bearer token of the user ends (a stolen session does not survive the change).
 */
export async function changeOwnPassword(ctx: StaffCtx, input: OwnPasswordChange): Promise<void> {
  const current = await getOwnAccount(ctx);
  // An imported user has no password yet: the one-time link that opened this session was the proof.
  if (hasUsablePassword(current.passwordHash)) await checkOldPassword(ctx, current.passwordHash, input.oldPassword);
  const passwordHash = await hashPassword(input.newPassword);

  await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const locked = await selfForUpdate(inTx);
    // Changed by someone else while the hashes were computed: the old password checked is stale.
    if (locked.passwordHash !== current.passwordHash) throw new AppError('conflict', 'La password è stata appena cambiata: riprova.');
    await tx.update(users).set({ passwordHash, updatedAt: new Date(), version: locked.version + 1 }).where(eq(users.id, locked.id));
    await endUserSessions(inTx, { userId: locked.id, keepSessionId: ctx.tenant.sessionId });
    await recordAudit(inTx, { campsiteId: ctx.campsiteId, action: 'account.password', entityId: locked.id, summary: `${locked.email} ha cambiato la propria password` });
  });
}
