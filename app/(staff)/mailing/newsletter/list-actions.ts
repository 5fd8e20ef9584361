'use server';

import { staffAction } from '@/lib/actions';
import { listCampaigns } from '@/lib/campaigns/service';
import { z } from '@/lib/validation';

/** The next page of the campsite's newsletters, for components/campaigns/campaign-list.tsx. */
export const campaignPageAction = staffAction(z.object({ cursor: z.string().max(500).nullable() }), (ctx, input) =>
  listCampaigns(ctx, { cursor: input.cursor }),
);
