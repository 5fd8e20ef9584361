import { createElement } from 'react';
import { and, asc, eq, like } from 'drizzle-orm';
import { campsites, legacyImports, loginTokens, users } from '@/db/schema';
import { UserInvitation } from '@/emails/user-invitation';
import { noPasswordHash } from '@/lib/auth/passwords';
import { hashSecret } from '@/lib/auth/secrets';
import { runJobWork, type CampsiteCtx, type StaffCtx } from '@/lib/context/unit-of-work';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { newSecret } from '@/lib/ids';
import { enqueueMail } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';
import { readLegacyImport } from '@/lib/legacy-import-runs/service';

/** Long enough for a colleague on holiday; the link still opens once only. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type InvitationOutcome = { invited: string[]; alreadyInvited: string[] };

/**
 * Sends each user an import brought over without a password (lib/legacy-import/kinds/users.ts) a
 * one-time link, valid INVITATION_DAYS, that opens their session (the /loginCV/{token} page of the
 * booking platform's links) so they can choose a password (changeOwnPassword asks no old one of an
 * account that has none). Only when the operator asks; the mails go through the outbox with this
 * transaction, once per import and user (asking again sends nothing new), and leave no trace on a
 * contact's history: the link opens a session and only its addressee may read it.
 */
export async function inviteImportedUsers(ctx: CampsiteCtx, importId: string, options: { origin?: string } = {}): Promise<InvitationOutcome> {
  const { db, campsiteId } = ctx;
  const [run] = await db
    .select({ id: legacyImports.id, dryRun: legacyImports.dryRun })
    .from(legacyImports)
    .where(and(eq(legacyImports.id, importId), eq(legacyImports.campingId, campsiteId)));
  if (!run) throw new AppError('not_found', 'Importazione non trovata.');
  if (run.dryRun) throw new AppError('bad_request', 'Una prova di importazione non ha portato utenti da invitare.');
  const [campsite] = await db.select({ name: campsites.name }).from(campsites).where(eq(campsites.id, campsiteId));
  const waiting = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.campingId, campsiteId), like(users.passwordHash, `${noPasswordHash()}%`)))
    .orderBy(asc(users.email));
  const origin = (options.origin ?? appUrl()).replace(/\/$/, '');
  const outcome: InvitationOutcome = { invited: [], alreadyInvited: [] };
  for (const user of waiting) {
    const token = newSecret();
    const [minted] = await db
      .insert(loginTokens)
      .values({ campingId: campsiteId, userId: user.id, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS) })
      .returning({ id: loginTokens.id });
    const url = `${origin}/loginCV/${encodeURIComponent(token)}`;
    const mail = await renderMail(createElement(UserInvitation, { campsite: campsite?.name ?? '', name: user.name === user.email ? '' : user.name, url, days: INVITATION_DAYS }), origin);
    const sent = await enqueueMail(ctx, {
      kind: 'user-invitation',
      to: [user.email],
      subject: `Il tuo accesso al nuovo CRM di ${campsite?.name ?? ''}`.trim(),
      ...mail,
      idempotencyKey: `invito:${importId}:${user.id}`,
    });
    if (sent.duplicate) {
      // The mail of the first request carries its own link: this one is never sent, so it must not open anything.
      await db.delete(loginTokens).where(and(eq(loginTokens.id, minted.id), eq(loginTokens.campingId, campsiteId)));
      outcome.alreadyInvited.push(user.email);
    } else outcome.invited.push(user.email);
  }
  return outcome;
}

/**
 * «Invia gli inviti» under a finished import's report (operator only). The import may have written
 * into any campsite: the invitations are written in a unit of work walled to that campsite, in one
 * transaction (tokens and mails together), whatever campsite the operator's session belongs to.
 */
export async function inviteUsersOfImport(ctx: StaffCtx, importId: string, options: { origin?: string } = {}): Promise<InvitationOutcome> {
  const run = await readLegacyImport(ctx, importId);
  if (run.status !== 'done') throw new AppError('conflict', 'L’importazione non è conclusa: invita gli utenti quando è finita.');
  if (run.dryRun) throw new AppError('bad_request', 'Una prova di importazione non ha portato utenti da invitare.');
  // readLegacyImport let only the operator through, whose handle is the unwalled root: the wall opens on it.
  return runJobWork(run.campsiteId, 'legacy-import invitations', (campsite) => inviteImportedUsers(campsite, run.id, options), ctx.db);
}
