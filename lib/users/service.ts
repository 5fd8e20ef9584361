import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { clearLoginDelay } from '@/lib/auth/login-delay';
import { hashPassword } from '@/lib/auth/passwords';
import { requireAdmin } from '@/lib/auth/roles';
import { normalizeEmail, type UserRow } from '@/lib/auth/service';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { lockCampsiteAdmins, snapshot } from './rules';
import { endUserSessions } from './sessions';
import type { NewUser, UserEdit } from './validation';

const SELF_DELETE = 'Non puoi eliminare il tuo stesso utente.';
const SELF_DEMOTE = 'Non puoi togliere a te stesso il ruolo di amministratore.';
const LAST_ADMIN = 'È l’ultimo amministratore del campeggio: nomina prima un altro amministratore.';
const EMAIL_TAKEN = 'Esiste già un utente con questa e-mail.';

/** The users of the caller's own campsite (the operator too manages only his own campsite's users). */
export async function listUsers(ctx: StaffCtx): Promise<UserRow[]> {
  requireAdmin(ctx.tenant);
  return ctx.db.select().from(users).where(eq(users.campingId, ctx.campsiteId)).orderBy(asc(users.email));
}

/** A user of the caller's campsite, locked for the change; another campsite's user is not found. */
async function ownUserForUpdate(ctx: CampsiteCtx, id: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.campingId, ctx.campsiteId)))
    .for('update');
  if (!user) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}

export async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  if (taken) throw new AppError('conflict', EMAIL_TAKEN);
}

/** An admin adds a colleague to their own campsite; the name starts as the e-mail (spec section 7). */
export async function createUser(ctx: StaffCtx, input: NewUser): Promise<UserRow> {
  requireAdmin(ctx.tenant);
  if (input.camping && input.camping !== ctx.campsiteId) throw new AppError('not_found', 'Campeggio non trovato.');
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    await assertEmailFree(tx, email);
    const [created] = await tx
      .insert(users)
      .values({ campingId: ctx.campsiteId, email, name: email, passwordHash, isAdmin: input.isAdmin ?? false, packLevel: input.packLevel ?? 0 })
      .returning();
    await recordAudit({ ...ctx, db: tx }, { campsiteId: ctx.campsiteId, action: 'user.create', entityId: created.id, summary: `Utente ${email} aggiunto`, after: snapshot(created) });
    return created;
  });
}

/** An admin edits a colleague (or their own name and e-mail); nobody demotes themselves or the last admin. */
export async function updateUser(ctx: StaffCtx, id: string, input: UserEdit): Promise<UserRow> {
  requireAdmin(ctx.tenant);
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const admins = await lockCampsiteAdmins(inTx);
    const current = await ownUserForUpdate(inTx, id);
    const demoting = current.isAdmin && input.isAdmin === false;
    if (demoting && current.id === ctx.tenant.userId) throw new AppError('bad_request', SELF_DEMOTE);
    if (demoting && admins.every((adminId) => adminId === current.id)) throw new AppError('conflict', LAST_ADMIN);
    const email = input.email === undefined ? current.email : normalizeEmail(input.email);
    if (email !== current.email) await assertEmailFree(tx, email, current.id);
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name ?? current.name,
        email,
        packLevel: input.packLevel ?? current.packLevel,
        isAdmin: input.isAdmin ?? current.isAdmin,
        updatedAt: new Date(),
        version: current.version + 1,
      })
      .where(eq(users.id, current.id))
      .returning();
    const diff = changedKeys(snapshot(current), snapshot(updated));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(inTx, { campsiteId: ctx.campsiteId, action: 'user.update', entityId: id, summary: `Utente ${updated.email} modificato`, ...diff });
    }
    return updated;
  });
}

/** An admin sets a colleague's password: every session and token of that user ends at once. */
export async function resetUserPassword(ctx: StaffCtx, id: string, password: string): Promise<void> {
  requireAdmin(ctx.tenant);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const user = await ownUserForUpdate(inTx, id);
    // One's own password needs the old one (changeOwnPassword): a borrowed session must not reset it.
    if (user.id === ctx.tenant.userId) throw new AppError('bad_request', 'Per la tua password serve quella attuale: usa Account CRM.');
    await tx.update(users).set({ passwordHash, updatedAt: new Date(), version: user.version + 1 }).where(eq(users.id, user.id));
    await endUserSessions(inTx, { userId: user.id });
    // The admin vouched for the owner: strangers' failed guesses no longer delay the new password.
    await clearLoginDelay(tx, user.email);
    await recordAudit(inTx, { campsiteId: ctx.campsiteId, action: 'user.password', entityId: id, summary: `Password di ${user.email} reimpostata` });
  });
}

/** Deletes a colleague: their sessions and tokens go with the row; never oneself nor the last admin. */
export async function deleteUser(ctx: StaffCtx, id: string): Promise<UserRow> {
  requireAdmin(ctx.tenant);
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const admins = await lockCampsiteAdmins(inTx);
    const user = await ownUserForUpdate(inTx, id);
    if (user.id === ctx.tenant.userId) throw new AppError('bad_request', SELF_DELETE);
    if (user.isAdmin && admins.every((adminId) => adminId === user.id)) throw new AppError('conflict', LAST_ADMIN);
    await endUserSessions(inTx, { userId: user.id });
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(inTx, { campsiteId: ctx.campsiteId, action: 'user.delete', entityId: id, summary: `Utente ${user.email} eliminato`, before: snapshot(user) });
    return user;
  });
}

/** A user may read their own parameters; an admin also those of colleagues of the same campsite. */
export async function getUserByEmail(ctx: StaffCtx, emailInput: string): Promise<UserRow> {
  const email = normalizeEmail(emailInput);
  if (email !== ctx.tenant.email) requireAdmin(ctx.tenant);
  const [user] = await ctx.db.select().from(users).where(and(eq(users.email, email), eq(users.campingId, ctx.campsiteId)));
  if (!user) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}

/** A colleague of the same campsite (the legacy getUser, a contact's owner); another campsite's user is not found. */
export async function getCampsiteUser(ctx: CampsiteCtx, id: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.campingId, ctx.campsiteId)));
  if (!user) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}
