import type { CampaignStatsSummary, LinkStat } from '@/lib/campaigns/stats';
import { z } from '@/lib/validation';

const rate = z.number().describe('frazione da 0 a 1');

export const legacyCampaignStatsSchema = z.object({
  custCamp: z.string().describe('id della newsletter'),
  sent: z.number().describe('e-mail consegnate al provider'),
  delivered: z.number().describe('destinatari a cui la e-mail è arrivata'),
  opened: z.number().describe('destinatari distinti che l’hanno aperta'),
  opens: z.number().describe('aperture in tutto'),
  clicked: z.number().describe('destinatari distinti che hanno cliccato'),
  clicks: z.number().describe('clic in tutto'),
  bounced: z.number(),
  complained: z.number().describe('segnalazioni come spam'),
  delayed: z.number(),
  unsubscribed: z.number(),
  rates: z
    .object({ delivered: rate, opened: rate, clicked: rate, bounced: rate, complained: rate, unsubscribed: rate })
    .describe('delivered e bounced su sent, gli altri su delivered'),
});
export type LegacyCampaignStats = z.infer<typeof legacyCampaignStatsSchema>;

const instant = z.string().nullable().describe('ISO 8601');

/** A newsletter as the legacy JSON shows it: _id (also custCamp, the Mailjet-era name), camping, list. */
export const legacyCampaignSchema = z.object({
  _id: z.string(),
  custCamp: z.string().describe('uguale a _id'),
  camping: z.string(),
  subject: z.string(),
  title: z.string().describe('uguale a subject'),
  html: z.string().optional().describe('solo nella risposta di /addCampaign'),
  list: z.string().nullable().describe('id della lista'),
  listName: z.string().nullable(),
  status: z.enum(['draft', 'scheduled', 'sending', 'paused', 'cancelled', 'sent', 'failed']),
  recipientCount: z.number(),
  sentCount: z.number(),
  failedCount: z.number(),
  skippedCount: z.number(),
  scheduledAt: instant,
  startedAt: instant,
  sentAt: instant,
  date_creation: z.string().describe('ISO 8601'),
  __v: z.number(),
  stats: legacyCampaignStatsSchema.optional(),
});
export type LegacyCampaign = z.infer<typeof legacyCampaignSchema>;

type CampaignRow = {
  id: string;
  subject: string;
  html?: string;
  listId: string | null;
  listName?: string | null;
  status: LegacyCampaign['status'];
  recipientCount: number;
  sentCount: number;
  failedCount: number;
  skippedCount: number;
  scheduledAt: Date | null;
  startedAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toLegacyCampaign(row: CampaignRow, camping: string, stats?: CampaignStatsSummary): LegacyCampaign {
  return {
    _id: row.id,
    custCamp: row.id,
    camping,
    subject: row.subject,
    title: row.subject,
    ...(row.html !== undefined ? { html: row.html } : {}),
    list: row.listId,
    listName: row.listName ?? null,
    status: row.status,
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    skippedCount: row.skippedCount,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    sentAt: iso(row.sentAt),
    date_creation: row.createdAt.toISOString(),
    __v: 0,
    ...(stats ? { stats: toLegacyStats(stats) } : {}),
  };
}

export function toLegacyStats(stats: CampaignStatsSummary): LegacyCampaignStats {
  const { campaignId, ...figures } = stats;
  return { custCamp: campaignId, ...figures };
}

export const legacyLinkStatSchema = z.object({ url: z.string(), clicks: z.number().describe('clic in tutto'), uniqueClicks: z.number().describe('destinatari distinti') });

export const toLegacyLinkStat = (link: LinkStat) => ({ url: link.url, clicks: link.clicks, uniqueClicks: link.recipients });

const bucketCount = z.number();
export const legacyRealtimeSchema = z.object({
  mode: z.enum(['day', '5min']),
  from: z.string().describe('ISO 8601'),
  to: z.string().describe('ISO 8601'),
  buckets: z.array(
    z.object({
      at: z.string().describe('giorno (YYYY-MM-DD, Europe/Rome) o inizio dei 5 minuti (ISO 8601)'),
      delivered: bucketCount,
      open: bucketCount,
      click: bucketCount,
      bounce: bucketCount,
      spam: bucketCount,
      delayed: bucketCount,
      unsub: bucketCount,
    }),
  ),
});
