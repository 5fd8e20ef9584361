import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { getSendProgress } from '@/lib/newsletter/campaign-control';
import { subjectForStaff } from '@/lib/templates/placeholders';
import { getCampaign } from './service';
import { campaignWhen } from './when';
import { getCampaignStats, getLinkStats, getRealtimeSeries } from './stats';

/** Everything /mailing/newsletter/:id shows, or null when the campsite has no such newsletter. */
export async function loadCampaignDetail(ctx: CampsiteCtx, ref: { campaignId: string }) {
  try {
    const campaign = await getCampaign(ctx, ref);
    const [progress, stats, links, series] = await Promise.all([
      getSendProgress(ctx, ref),
      getCampaignStats(ctx, ref),
      getLinkStats(ctx, ref),
      getRealtimeSeries(ctx, { ...ref, mode: 'day' }),
    ]);
    return {
      campaign: {
        id: campaign.id,
        subject: campaign.subject,
        /** The subject as the staff reads it: placeholders as what they stand for, not as {{braces}}. */
        title: subjectForStaff(campaign.subject),
        listName: campaign.listName,
        when: campaignWhen({ ...campaign, status: progress.status }),
      },
      progress,
      stats,
      links,
      series,
    };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  }
}
