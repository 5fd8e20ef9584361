'use server';

import { staffAction } from '@/lib/actions';
import { createNewsletterDraft, deleteNewsletterDraft, updateNewsletterDraft } from '@/lib/drafts/service';
import { draftIdSchema, newsletterContentSchema, newsletterSendSchema, saveDraftSchema } from '@/lib/drafts/validation';
import { AppError } from '@/lib/errors';
import { publicOrigin } from '@/lib/mail/origin';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { assertNewsletterPlaceholders, previewNewsletter, sendTestNewsletter } from '@/lib/newsletter/preview';
import { getTemplate } from '@/lib/templates/service';
import { templateIdSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';
import { logger } from '@/lib/ops/logger.mjs';

/** Saves the procedure's draft as it stands: a new one the first time, the same one afterwards. */
export const saveDraftAction = staffAction(saveDraftSchema, async (ctx, input) => {
  const create = () => createNewsletterDraft(ctx, { ownerId: ctx.tenant.userId, draft: input.draft });
  const saved = input.id
    ? await updateNewsletterDraft(ctx, { id: input.id, patch: input.draft }).catch((error: unknown) => {
        // Deleted meanwhile (from another tab): what is on screen is saved as a new draft rather than lost.
        if (error instanceof AppError && error.kind === 'not_found') return create();
        throw error;
      })
    : await create();
  return { id: saved.id, savedAt: saved.updatedAt.toISOString() };
});

export const deleteDraftAction = staffAction(z.object({ id: draftIdSchema }), async (ctx, input) => {
  await deleteNewsletterDraft(ctx, { id: input.id });
  return { id: input.id };
});

/** The chosen template's text, loaded when picked (the page lists names only). */
export const loadTemplateAction = staffAction(z.object({ id: templateIdSchema }), async (ctx, input) => {
  const template = await getTemplate(ctx, input.id);
  return { id: template.id, name: template.name, html: template.html, languageId: template.languageId };
});

/** The resume step: recipients counted and the mail filled with a real member, as it will leave. */
export const previewNewsletterAction = staffAction(newsletterContentSchema, async (ctx, input) => {
  const preview = await previewNewsletter(ctx, { ...input, origin: await publicOrigin() });
  const member = preview.member;
  return {
    recipients: preview.recipients,
    member: member ? { name: `${member.firstName} ${member.lastName}`.trim() || member.email, email: member.email } : null,
    subject: preview.mail?.subject ?? input.subject,
    html: preview.mail?.html ?? null,
  };
});

/** A test send to the staff's own address with the campsite's key. */
export const sendTestAction = staffAction(newsletterContentSchema, async (ctx, input) => {
  await sendTestNewsletter(ctx, { ...input, origin: await publicOrigin(), to: ctx.tenant.email });
  return { to: ctx.tenant.email };
});

/** Starts the newsletter (now or at the chosen time); the draft it came from is removed once it has started. */
export const startNewsletterAction = staffAction(newsletterSendSchema, async (ctx, input) => {
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && sendAt.getTime() < Date.now() - 60_000) throw new AppError('bad_request', 'La data di invio programmato è già passata: scegline una futura.');
  assertNewsletterPlaceholders(input);
  const started = await startNewsletter(ctx, {
    listId: input.listId,
    subject: input.subject,
    html: input.html,
    templateId: input.templateId,
    languageId: input.languageId,
    sendAt,
    createdBy: ctx.tenant.userId,
  });
  if (input.draftId) {
    await deleteNewsletterDraft(ctx, { id: input.draftId }).catch((error: unknown) => {
      // The newsletter has started all the same: a failure here must not invite a second send.
      if (!(error instanceof AppError && error.kind === 'not_found')) logger.error({ err: error }, 'Bozza non eliminata dopo l’invio');
    });
  }
  return started;
});
