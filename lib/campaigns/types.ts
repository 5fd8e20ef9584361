/** The shapes components render, so that they need not import the schema. */
export type { CampaignStatus } from '@/db/schema/lists';
export type { SendProgress } from '@/lib/newsletter/campaign-control';
// Imported as types, then re-exported: a re-export 'from' counts as a dependency for import/no-cycle,
// and stats.ts and service.ts use SERIES_KINDS from here.
import type { CampaignStatsSummary, LinkStat, RealtimeBucket, RealtimeMode, RealtimeSeries } from './stats';
export type { CampaignStatsSummary, LinkStat, RealtimeBucket, RealtimeMode, RealtimeSeries };
import type { CampaignEventKind } from '@/db/schema/lists';

/** The kinds the charts show, in this order. */
export const SERIES_KINDS = ['delivered', 'open', 'click', 'bounce', 'spam', 'delayed', 'unsub'] as const satisfies readonly CampaignEventKind[];
export type SeriesKind = (typeof SERIES_KINDS)[number];
import type { CampaignSummary } from './service';
export type { CampaignSummary };

/** While a newsletter is in one of these, its page polls the progress. */
export const LIVE_STATUSES = ['sending', 'scheduled', 'paused'] as const;
