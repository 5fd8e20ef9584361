import type { DbOrTx } from '@/db/client';
import { AppError } from '@/lib/errors';
import { getSendProgress } from '@/lib/newsletter/campaign-control';
import { getCampaign } from './service';
import { getCampaignStats, getLinkStats, getRealtimeSeries } from './stats';

/** Everything /mailing/newsletter/:id shows, or null when the campsite has no such newsletter. */
export async function loadCampaignDetail(db: DbOrTx, ids: { campsiteId: string; campaignId: string }) {
  try {
    const campaign = await getCampaign(db, ids);
    const [progress, stats, links, series] = await Promise.all([
      getSendProgress(db, ids),
      getCampaignStats(db, ids),
      getLinkStats(db, ids),
      getRealtimeSeries(db, { ...ids, mode: 'day' }),
    ]);
    return { campaign: { id: campaign.id, subject: campaign.subject, listName: campaign.listName, createdAt: campaign.createdAt, scheduledAt: campaign.scheduledAt, sentAt: campaign.sentAt }, progress, stats, links, series };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  }
}
