'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { AppError } from '@/lib/errors';
import { hasVisibleText } from '@/lib/html/text';
import { addAttachment, deleteAttachment } from '@/lib/mail/attachments';
import { requestMailboxSync } from '@/lib/mailbox/jobs';
import { guestQuotes, searchGuests } from '@/lib/mailbox/link-choices';
import { sendFromMailbox } from '@/lib/mailbox/send';
import { linkThread, markAnsweredRead, setThreadUnread, unlinkThreadContact } from '@/lib/mailbox/thread-actions';
import { z } from '@/lib/validation';

// The mail client is open to service accounts too (pack level 0, like /mail itself).
const OPEN = { packLevel: 0 } as const;
const id = z.string().trim().min(1, 'Valore mancante').max(100);
const addresses = (label: string) =>
  z
    .string()
    .max(2000, `${label}: troppo lungo`)
    .transform((value) =>
      value
        .split(/[,;\s]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email(`${label}: indirizzo e-mail non valido`)).max(50, `${label}: al massimo 50 indirizzi`));

/** "Aggiorna": a sync now; the page shows the mail when the worker has fetched it. */
export const refreshMailboxAction = staffAction(
  z.object({}),
  async (ctx) => {
    requestMailboxSync(ctx);
    revalidatePath('/mail');
    return { requested: true };
  },
  OPEN,
);

export const markThreadAction = staffAction(
  z.object({ threadId: id, unread: z.boolean() }),
  async (ctx, input) => {
    await setThreadUnread(ctx, {
      threadId: input.threadId,
      unread: input.unread,
    });
    return { unread: input.unread };
  },
  OPEN,
);

export const searchGuestsAction = staffAction(
  z.object({
    search: z.string().trim().min(2, 'Scrivi almeno 2 caratteri').max(200),
  }),
  async (ctx, input) => searchGuests(ctx, input.search),
  OPEN,
);

export const guestQuotesAction = staffAction(z.object({ contactId: id }), async (ctx, input) => guestQuotes(ctx, input.contactId), OPEN);

export const linkThreadAction = staffAction(
  z.object({
    threadId: id,
    contactId: id.optional(),
    quoteId: id.nullable().optional(),
  }),
  async (ctx, input) => {
    await linkThread(ctx, input);
    revalidatePath(`/mail/conversazione/${input.threadId}`);
    return { linked: true };
  },
  OPEN,
);

export const unlinkThreadContactAction = staffAction(
  z.object({ threadId: id, contactId: id }),
  async (ctx, input) => {
    await unlinkThreadContact(ctx, input);
    revalidatePath(`/mail/conversazione/${input.threadId}`);
    return { unlinked: true };
  },
  OPEN,
);

export const sendMailAction = staffAction(
  z.object({
    threadId: id.nullable().optional(),
    to: addresses('A').refine((list) => list.length > 0, 'A: scrivi almeno un indirizzo'),
    cc: addresses('Cc').default([]),
    subject: z.string().trim().min(1, 'Oggetto: scrivi l’oggetto').max(300, 'Oggetto: al massimo 300 caratteri'),
    html: z
      .string()
      .max(500_000, 'Testo: troppo lungo')
      .refine(hasVisibleText, 'Testo: scrivi il messaggio'),
    attachmentIds: z.array(id).max(10, 'Al massimo 10 allegati').default([]),
    contactId: id.nullable().optional(),
    quoteId: id.nullable().optional(),
  }),
  async (ctx, input) => {
    const sent = await sendFromMailbox(ctx, input);
    if (input.threadId) await markAnsweredRead(ctx, input.threadId);
    revalidatePath('/mail');
    revalidatePath(`/mail/conversazione/${sent.threadId}`);
    return { threadId: sent.threadId };
  },
  OPEN,
);

/** A file for a mail of the mailbox, stored before sending (the form lists it and can remove it). */
export const addMailAttachmentAction = staffAction(
  z.instanceof(FormData, {
    message: 'Invio non valido: scegli di nuovo il file.',
  }),
  async (ctx, form) => {
    const file = form.get('file');
    if (!(file instanceof File)) throw new AppError('bad_request', 'Nessun file ricevuto.');
    const added = await addAttachment(ctx, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
      mimeType: file.type,
    });
    return { id: added.id, fileName: added.fileName, byteSize: added.byteSize };
  },
  OPEN,
);

export const removeMailAttachmentAction = staffAction(
  z.object({ attachmentId: id }),
  async (ctx, input) => {
    await deleteAttachment(ctx, input.attachmentId);
    return { id: input.attachmentId };
  },
  OPEN,
);
