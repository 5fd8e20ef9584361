'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { hasVisibleText } from '@/lib/html/text';
import { sendFromMailbox } from '@/lib/mailbox/send';
import { markAnsweredRead, setThreadUnread } from '@/lib/mailbox/thread-actions';
import { z } from '@/lib/validation';

const id = z.string().trim().min(1).max(64);

/** "Rispondi" under a guest's reply on the quote's page: through the bound mailbox, in the same conversation. */
export const replyFromQuoteAction = staffAction(
  z.object({
    threadId: id,
    quoteId: id,
    to: z.string().trim().toLowerCase().pipe(z.email('Indirizzo e-mail non valido.')),
    subject: z.string().trim().min(1, 'Indica l’oggetto.').max(300),
    html: z.string().trim().max(200_000).refine(hasVisibleText, 'Scrivi il messaggio.'),
  }),
  async (ctx, input) => {
    const sent = await sendFromMailbox(ctx, { threadId: input.threadId, quoteId: input.quoteId, to: [input.to], subject: input.subject, html: input.html });
    await markAnsweredRead(ctx, input.threadId);
    revalidatePath('/crea-preventivo/preview', 'layout');
    return { messageId: sent.messageId };
  },
);

/** Marks a conversation read, at the provider first: only when the staff ask (a page view never writes). */
export const markQuoteThreadReadAction = staffAction(z.object({ threadId: id }), async (ctx, input) => {
  await setThreadUnread(ctx, { threadId: input.threadId, unread: false });
  revalidatePath('/crea-preventivo/preview', 'layout');
  return { threadId: input.threadId };
});
