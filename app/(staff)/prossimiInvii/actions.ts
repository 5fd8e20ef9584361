'use server';

import { staffAction } from '@/lib/actions';
import { skipStayMail, skipStayMailSchema } from '@/lib/stays/skip';

/** «Salta»: one automatic mail of a stay never goes; a second click changes nothing. */
export const skipStayMailAction = staffAction(skipStayMailSchema, (ctx, input) => skipStayMail(ctx, input), { packLevel: 10 });
