import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { campaignEvents, campaigns, type CampaignEventKind } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { TIME_ZONE } from '@/lib/format';
import { CAMPAIGN_NOT_FOUND } from '@/lib/newsletter/campaign-control';
import { SERIES_KINDS, type SeriesKind } from './types';


/** Spec section 8, word for word. */
export const TOO_MUCH_DATA =
  'Stai cercando di visualizzare troppi dati, prova con un periodo più breve. Puoi visualizzare solo 100 giorni in modalità "Giorno", fino a 8 ore in modalità 5-min.';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIVE_MINUTES_MS = 5 * 60 * 1000;
export const REALTIME_LIMITS = { day: 100 * DAY_MS, '5min': 8 * 60 * 60 * 1000 } as const;
export type RealtimeMode = keyof typeof REALTIME_LIMITS;

export { SERIES_KINDS, type SeriesKind };

export type CampaignStatsSummary = {
  campaignId: string;
  sent: number;
  delivered: number;
  /** Distinct recipients who opened, and every open. */
  opened: number;
  opens: number;
  clicked: number;
  clicks: number;
  bounced: number;
  complained: number;
  delayed: number;
  unsubscribed: number;
  /** Fractions 0…1: delivered and bounced over sent, the others over delivered. */
  rates: { delivered: number; opened: number; clicked: number; bounced: number; complained: number; unsubscribed: number };
};

export type LinkStat = { url: string; clicks: number; recipients: number };
export type RealtimeBucket = { at: string } & Record<SeriesKind, number>;
export type RealtimeSeries = { mode: RealtimeMode; from: string; to: string; buckets: RealtimeBucket[] };

type CampaignRef = { campaignId: string };

export async function campaignOrThrow({ db, campsiteId }: CampsiteCtx, { campaignId }: CampaignRef) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)));
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND);
  return row;
}

const ofCampaign = (campsiteId: string, campaignId: string) => and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.campingId, campsiteId));
/** A recipient: the contact, or the message when the contact was deleted since. */
const recipientKey = sql`coalesce(${campaignEvents.contactId}, ${campaignEvents.providerMessageId}, ${campaignEvents.id})`;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** Counts per kind (events and distinct recipients) of several campaigns of one campsite, in one query. */
export async function eventCounts({ db, campsiteId }: CampsiteCtx, campaignIds: string[]) {
  const result = new Map<string, Map<string, { total: number; recipients: number }>>();
  if (campaignIds.length === 0) return result;
  const rows = await db
    .select({
      campaignId: campaignEvents.campaignId,
      kind: campaignEvents.kind,
      total: sql<number>`count(*)::int`,
      recipients: sql<number>`count(distinct ${recipientKey})::int`,
    })
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campingId, campsiteId), inArray(campaignEvents.campaignId, campaignIds)))
    .groupBy(campaignEvents.campaignId, campaignEvents.kind);
  for (const row of rows) {
    const kinds = result.get(row.campaignId) ?? new Map();
    kinds.set(row.kind, { total: Number(row.total), recipients: Number(row.recipients) });
    result.set(row.campaignId, kinds);
  }
  return result;
}

export function summarize(campaignId: string, sent: number, kinds: Map<string, { total: number; recipients: number }> | undefined): CampaignStatsSummary {
  const distinct = (kind: CampaignEventKind) => kinds?.get(kind)?.recipients ?? 0;
  const total = (kind: CampaignEventKind) => kinds?.get(kind)?.total ?? 0;
  const delivered = distinct('delivered');
  const summary = {
    campaignId,
    sent,
    delivered,
    opened: distinct('open'),
    opens: total('open'),
    clicked: distinct('click'),
    clicks: total('click'),
    bounced: distinct('bounce'),
    complained: distinct('spam'),
    delayed: distinct('delayed'),
    unsubscribed: distinct('unsub'),
  };
  return {
    ...summary,
    rates: {
      delivered: ratio(delivered, sent),
      opened: ratio(summary.opened, delivered),
      clicked: ratio(summary.clicked, delivered),
      bounced: ratio(summary.bounced, sent),
      complained: ratio(summary.complained, delivered),
      unsubscribed: ratio(summary.unsubscribed, delivered),
    },
  };
}

/** What happened to one newsletter: the ledger's sent counter and the provider's events, each recipient counted once per kind. */
export async function getCampaignStats(ctx: CampsiteCtx, ref: CampaignRef): Promise<CampaignStatsSummary> {
  const campaign = await campaignOrThrow(ctx, ref);
  const counts = await eventCounts(ctx, [campaign.id]);
  return summarize(campaign.id, campaign.sentCount, counts.get(campaign.id));
}

/** Clicks per link, most clicked first (at most 100 links). */
export async function getLinkStats(ctx: CampsiteCtx, ref: CampaignRef): Promise<LinkStat[]> {
  await campaignOrThrow(ctx, ref);
  const clicks = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({ url: sql<string>`coalesce(${campaignEvents.url}, '')`, clicks, recipients: sql<number>`count(distinct ${recipientKey})::int` })
    .from(campaignEvents)
    .where(and(ofCampaign(ctx.campsiteId, ref.campaignId), eq(campaignEvents.kind, 'click')))
    .groupBy(sql`coalesce(${campaignEvents.url}, '')`)
    .orderBy(desc(clicks), sql`1`)
    .limit(100);
  return rows.map((row) => ({ url: row.url, clicks: Number(row.clicks), recipients: Number(row.recipients) }));
}

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Calendar days (Europe/Rome, YYYY-MM-DD) from the day of `from` to the day of `to`. */
function dayKeys(from: Date, to: Date): string[] {
  const last = romeDay.format(to);
  const [y, m, d] = romeDay.format(from).split('-').map(Number);
  const keys: string[] = [];
  for (let day = new Date(Date.UTC(y, m - 1, d)); ; day = new Date(day.getTime() + DAY_MS)) {
    const key = day.toISOString().slice(0, 10);
    keys.push(key);
    if (key >= last || keys.length > 200) break;
  }
  return keys;
}

function fiveMinuteKeys(from: Date, to: Date): string[] {
  const keys: string[] = [];
  const start = Math.floor(from.getTime() / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  for (let at = start; at <= to.getTime() && keys.length < 200; at += FIVE_MINUTES_MS) keys.push(new Date(at).toISOString());
  return keys;
}

/** Refuses a period beyond the limits with the spec's message; also an inverted or invalid one. */
export function checkRealtimePeriod(mode: RealtimeMode, from: Date, to: Date): void {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new AppError('bad_request', 'Periodo non valido: indica le date di inizio e di fine.');
  if (to.getTime() < from.getTime()) throw new AppError('bad_request', 'La fine del periodo precede il suo inizio.');
  if (to.getTime() - from.getTime() > REALTIME_LIMITS[mode]) throw new AppError('bad_request', TOO_MUCH_DATA);
}

/** A period given by one end only, or by none, spans 30 days in day mode and 8 hours in five-minute mode. */
const defaultSpan = (mode: RealtimeMode) => (mode === 'day' ? 30 * DAY_MS : REALTIME_LIMITS['5min']);

/** The default period: from the newsletter's start, as long as the mode allows, never past now. */
export function defaultPeriod(campaign: { startedAt: Date | null; scheduledAt: Date | null; createdAt: Date }, mode: RealtimeMode, now = new Date()) {
  const start = campaign.startedAt ?? campaign.scheduledAt ?? campaign.createdAt;
  const span = defaultSpan(mode);
  const to = new Date(Math.min(now.getTime(), start.getTime() + span));
  const from = to.getTime() < start.getTime() ? new Date(to.getTime() - span) : start;
  return { from, to };
}

/** Events per bucket and kind between from and to: days in Europe/Rome (≤ 100) or five minutes (≤ 8 hours). */
export async function getRealtimeSeries(ctx: CampsiteCtx, ids: CampaignRef & { mode: RealtimeMode; from?: Date; to?: Date }): Promise<RealtimeSeries> {
  const campaign = await campaignOrThrow(ctx, ids);
  const span = defaultSpan(ids.mode);
  let { from, to } = ids;
  if (!from && !to) ({ from, to } = defaultPeriod(campaign, ids.mode));
  else if (!from) from = new Date(to!.getTime() - span);
  else if (!to) to = new Date(Math.min(Date.now(), from.getTime() + span));
  if (!from || !to) throw new AppError('bad_request', 'Periodo non valido: indica le date di inizio e di fine.');
  checkRealtimePeriod(ids.mode, from, to);
  const bucket =
    ids.mode === 'day'
      ? sql<string>`to_char(${campaignEvents.at} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`
      : sql<string>`to_char(to_timestamp(floor(extract(epoch from ${campaignEvents.at}) / 300) * 300) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;
  const rows = await ctx.db
    .select({ bucket, kind: campaignEvents.kind, total: sql<number>`count(*)::int` })
    .from(campaignEvents)
    .where(and(ofCampaign(ctx.campsiteId, ids.campaignId), gte(campaignEvents.at, from), lte(campaignEvents.at, to)))
    .groupBy(sql`1`, campaignEvents.kind);
  const keys = ids.mode === 'day' ? dayKeys(from, to) : fiveMinuteKeys(from, to);
  const buckets = new Map(keys.map((key) => [key, Object.fromEntries([['at', key], ...SERIES_KINDS.map((kind) => [kind, 0])]) as RealtimeBucket]));
  for (const row of rows) {
    const target = buckets.get(row.bucket);
    if (target && (SERIES_KINDS as readonly string[]).includes(row.kind)) target[row.kind as SeriesKind] += Number(row.total);
  }
  return { mode: ids.mode, from: from.toISOString(), to: to.toISOString(), buckets: [...buckets.values()] };
}
