'use server';

import { staffAction } from '@/lib/actions';
import { assignQuoteSchema } from '@/lib/quotes/assignee';
import { assignQuoteToStaff } from '@/lib/workflows/assign-quote';

/** «In carico a» on the quote page and the request's preview. */
export const assignQuoteAction = staffAction(assignQuoteSchema, (ctx, input) => assignQuoteToStaff(ctx, input));
