'use server';

import { staffAction } from '@/lib/actions';
import { assignQuote, assignQuoteSchema } from '@/lib/quotes/assignee';

/** «In carico a» on the quote page and the request's preview. */
export const assignQuoteAction = staffAction(assignQuoteSchema, (ctx, input) => assignQuote(ctx, input));
