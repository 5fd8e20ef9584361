'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { AppError } from '@/lib/errors';
import { addAttachment, deleteAttachment } from '@/lib/mail/attachments';
import { publicOrigin } from '@/lib/mail/origin';
import { draftQuoteMail, sendQuoteMail } from '@/lib/workflows/quote-mail';
import { setQuoteReminder } from '@/lib/workflows/quote-reminders';
import { z } from '@/lib/validation';

const id = z.string().trim().min(1).max(100);
const subject = z.string().trim().max(300, 'Oggetto: al massimo 300 caratteri').optional();

/** The mail exactly as the guest will receive it, for the send dialog's preview. */
export const previewQuoteMailAction = staffAction(z.object({ quoteId: id, templateId: id, subject }), async (ctx, input) => {
  const draft = await draftQuoteMail(ctx, input, await publicOrigin());
  return { to: draft.to, subject: draft.subject, html: draft.html };
});

export const sendQuoteMailAction = staffAction(
  z.object({ quoteId: id, templateId: id, subject, attachmentIds: z.array(id).max(10, 'Al massimo 10 allegati').default([]), attachPdf: z.boolean().default(false), requestId: id }),
  async (ctx, input) => {
    const queued = await sendQuoteMail(ctx, { ...input, idempotencyKey: `send-quote:${input.requestId}` }, await publicOrigin());
    revalidatePath('/preventivi');
    return { subject: queued.subject };
  },
);

/** The reminder job skips a quote the staff switched off. */
export const setQuoteReminderAction = staffAction(z.object({ quoteId: id, enabled: z.boolean() }), async (ctx, input) => ({
  enabled: await setQuoteReminder(ctx, input.quoteId, input.enabled),
}));

/** A file for the quote's mail, stored before sending (the dialog lists it and can remove it). */
export const addQuoteAttachmentAction = staffAction(z.instanceof(FormData, { message: 'Invio non valido: scegli di nuovo il file.' }), async (ctx, form) => {
  const file = form.get('file');
  const quoteId = form.get('quoteId');
  if (!(file instanceof File) || typeof quoteId !== 'string') throw new AppError('bad_request', 'Nessun file ricevuto.');
  const added = await addAttachment(ctx, { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name, mimeType: file.type, quoteId });
  return { id: added.id, fileName: added.fileName, byteSize: added.byteSize };
});

export const removeQuoteAttachmentAction = staffAction(z.object({ attachmentId: id }), async (ctx, input) => {
  await deleteAttachment(ctx, input.attachmentId);
  return { id: input.attachmentId };
});
