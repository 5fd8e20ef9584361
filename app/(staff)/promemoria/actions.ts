'use server';

import { staffAction } from '@/lib/actions';
import { completeFollowUp, createFollowUp, openFollowUpsFor, reassignFollowUp, snoozeFollowUp, BELL_HORIZON_MS } from '@/lib/follow-ups/service';
import { toFollowUpView } from '@/lib/follow-ups/view';
import { settleSuggestion } from '@/lib/follow-ups/suggestions';
import { createFollowUpSchema, followUpIdSchema, reassignSchema, snoozeSchema, suggestionSchema } from '@/lib/follow-ups/validation';
import { z } from '@/lib/validation';

export const createFollowUpAction = staffAction(createFollowUpSchema, (ctx, input) => createFollowUp(ctx, input));

export const completeFollowUpAction = staffAction(followUpIdSchema, (ctx, { id }) => completeFollowUp(ctx, id));

export const snoozeFollowUpAction = staffAction(snoozeSchema, (ctx, input) => snoozeFollowUp(ctx, input));

export const reassignFollowUpAction = staffAction(reassignSchema, (ctx, input) => reassignFollowUp(ctx, input));

export const acceptSuggestionAction = staffAction(suggestionSchema, (ctx, input) => settleSuggestion(ctx, { ...input, accept: true }));

export const dismissSuggestionAction = staffAction(suggestionSchema, (ctx, input) => settleSuggestion(ctx, { ...input, accept: false }));

/** The bell's poll: my open follow-ups up to a day and a half ahead, which the browser counts as each comes due. */
export const upcomingFollowUpsAction = staffAction(z.object({}), async (ctx) => {
  const items = await openFollowUpsFor(ctx, new Date(Date.now() + BELL_HORIZON_MS));
  return items.map(toFollowUpView);
});
