'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { publicOrigin } from '@/lib/mail/origin';
import { answerQuestion } from '@/lib/quote-questions/service';
import { ANSWER_MAX_LENGTH } from '@/lib/quote-questions/text';
import { z } from '@/lib/validation';

/** "Rispondi" under a guest's question on the quote's page: saved, mailed to the guest, shown on the mini-site. */
export const answerQuestionAction = staffAction(
  z.object({
    questionId: z.string().trim().min(1).max(64),
    /** The form's key for this attempt: sent again, it saves and mails nothing twice. */
    attemptKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Chiave del tentativo non valida.').optional(),
    text: z.string().trim().min(1, 'Scrivi la risposta.').max(ANSWER_MAX_LENGTH, `La risposta può avere al massimo ${ANSWER_MAX_LENGTH} caratteri.`),
  }),
  async (ctx, input) => {
    const sent = await answerQuestion(ctx, { questionId: input.questionId, text: input.text, attemptKey: input.attemptKey, origin: await publicOrigin() });
    revalidatePath('/crea-preventivo/preview', 'layout');
    return sent;
  },
);
