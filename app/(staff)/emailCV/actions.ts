'use server';

import { staffAction } from '@/lib/actions';
import { cvMailSchema, sendCvMail } from '@/lib/mail/cv-mail';

/**
 * The send button of /emailCV, /emailCVL and /clientMailCV. No revalidatePath: /emailCVL shows
 * its closing screen in place, and the other pages refresh their list from the form.
 */
export const sendCvMailAction = staffAction(
  cvMailSchema,
  async (ctx, input) => {
    const sent = await sendCvMail(ctx, input);
    return { threadId: sent.threadId, subject: sent.subject };
  },
  { packLevel: 0 },
);
