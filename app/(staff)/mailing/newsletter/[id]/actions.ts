'use server';

import { staffAction } from '@/lib/actions';
import { getRealtimeSeries } from '@/lib/campaigns/stats';
import { realtimeQuerySchema } from '@/lib/campaigns/validation';
import { cancelNewsletter, getSendProgress, pauseNewsletter, resumeNewsletter } from '@/lib/newsletter/campaign-control';
import { z } from '@/lib/validation';

const byId = z.object({ campaignId: z.string().trim().min(1).max(100) });

/** The live progress the page polls every 2 seconds while the newsletter is on its way. */
export const sendProgressAction = staffAction(byId, (ctx, input) => getSendProgress(ctx, { campaignId: input.campaignId }));

export const pauseNewsletterAction = staffAction(byId, (ctx, input) => pauseNewsletter(ctx, { campaignId: input.campaignId }));

export const resumeNewsletterAction = staffAction(byId, (ctx, input) => resumeNewsletter(ctx, { campaignId: input.campaignId }));

export const cancelNewsletterAction = staffAction(byId, (ctx, input) => cancelNewsletter(ctx, { campaignId: input.campaignId }));

/** The chart's period and mode; a period too long answers the spec's 'troppi dati' message. */
export const realtimeSeriesAction = staffAction(realtimeQuerySchema, (ctx, input) =>
  getRealtimeSeries(ctx, { campaignId: input.campaignId, mode: input.mode, from: input.from, to: input.to }),
);

