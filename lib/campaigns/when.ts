import type { CampaignStatus } from '@/db/schema/lists';

export type CampaignDates = { status: CampaignStatus; createdAt: Date; scheduledAt: Date | null; startedAt: Date | null; sentAt: Date | null; cancelledAt: Date | null };

/** The message key of campaigns.json and its date: what the newsletter's header says of its time. */
export type CampaignWhen = { key: 'sentOn' | 'scheduledFor' | 'sendingSince' | 'cancelledOn' | 'created'; date: Date };

/**
 * When a newsletter went, goes or will go. Only a newsletter still waiting for its time is
 * "programmata": one sent at once has a scheduled time too (the moment it was started), and
 * while it is on its way the header says since when it is being sent.
 */
export function campaignWhen(campaign: CampaignDates): CampaignWhen {
  if (campaign.sentAt) return { key: 'sentOn', date: campaign.sentAt };
  if (campaign.status === 'scheduled' && campaign.scheduledAt) return { key: 'scheduledFor', date: campaign.scheduledAt };
  if (campaign.status === 'cancelled' && campaign.cancelledAt) return { key: 'cancelledOn', date: campaign.cancelledAt };
  if (campaign.status === 'sending' || campaign.status === 'paused' || campaign.status === 'failed') {
    return { key: 'sendingSince', date: campaign.startedAt ?? campaign.scheduledAt ?? campaign.createdAt };
  }
  return { key: 'created', date: campaign.createdAt };
}
