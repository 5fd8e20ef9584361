import { and, count, eq, inArray, like } from 'drizzle-orm';
import { campaignEvents, campaigns, mailingLists, type CampaignStatus } from '@/db/schema';
import { getCampaign } from '@/lib/campaigns/service';
import { getCampaignStats } from '@/lib/campaigns/stats';
import { legacyCampaignSchema, legacyCampaignStatsSchema, legacyLinkStatSchema, toLegacyCampaign } from '@/lib/legacy-api/shapes/campaign';
import { z } from '@/lib/validation';
import type { ImportCtx, LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';
import { importedEventId, syntheticEvents } from './campaign-events';
import { chunks, nextCursor, resumeFrom } from './paging';

const PAGE = 20;
const campaignsAnswer = z.array(z.object({ _id: z.string(), date_creation: z.string() }).loose());
const importedSchema = legacyCampaignSchema.extend({ stats: legacyCampaignStatsSchema, links: z.array(legacyLinkStatSchema) });
type ImportedCampaign = z.output<typeof importedSchema>;

/**
 * A newsletter that was under way there (scheduled, sending, paused) is not under way here: the old
 * system goes on with it or not, and an imported newsletter is history, never sent again. It comes
 * as cancelled, which nothing here resumes (a paused one could be resumed, a scheduled or sending
 * one would be picked up by the worker).
 */
const statusHere = (status: CampaignStatus): CampaignStatus => (status === 'scheduled' || status === 'sending' || status === 'paused' ? 'cancelled' : status);
const date = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * Campagne (newsletters) with their statistics, oldest first, as /getCampaigns/all shows them (the
 * old system answers its newest 500). Their body is not in any answer of the old system (only
 * /addCampaign returns it), so an imported newsletter keeps subject, list, figures and dates, with
 * an empty body. The old __v is always 0 in the contract and has no column here.
 */
export const campaignsKind: LegacyKind = {
  name: 'campagne',
  label: 'Newsletter',
  async *pages(client, from) {
    const all = (await client.json('POST', '/getCampaigns/all', campaignsAnswer)).sort(
      (a, b) => a.date_creation.localeCompare(b.date_creation) || a._id.localeCompare(b._id),
    );
    for (const { index, items } of resumeFrom(all, from.cursor, PAGE)) {
      const page = [];
      for (const item of items) {
        const id = encodeURIComponent(item._id);
        const stats = 'stats' in item && item.stats ? item.stats : (await client.json('POST', `/getCampaignsStats/${id}`, legacyCampaignSchema)).stats;
        const clicks = legacyCampaignStatsSchema.safeParse(stats).data?.clicks ?? 0;
        const links = clicks > 0 ? await client.json('POST', '/getCampaigns/synchMailjet/linkStats', z.array(z.unknown()), { custCamp: item._id }) : [];
        page.push({ ...item, stats, links });
      }
      yield { items: page, cursor: nextCursor(index, all.length) };
    }
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('campagne', items, importedSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId } = ctx;
    const oldLists = records.flatMap((campaign) => (campaign.list ? [campaign.list] : []));
    await ctx.ids.load(db, 'liste', oldLists);
    const listsHere = new Set(
      oldLists.length
        ? (
            await db
              .select({ id: mailingLists.id })
              .from(mailingLists)
              .where(and(eq(mailingLists.campingId, campsiteId), inArray(mailingLists.id, oldLists.map((id) => ctx.ids.resolve('liste', id)))))
          ).map((row) => row.id)
        : [],
    );
    const rows = records.map((campaign) => {
      const listId = campaign.list ? ctx.ids.resolve('liste', campaign.list) : null;
      const status = statusHere(campaign.status);
      return {
        id: campaign._id,
        campingId: campsiteId,
        // A list not imported (or deleted there) leaves the newsletter without one, as a deleted list does here.
        listId: listId && listsHere.has(listId) ? listId : null,
        subject: campaign.subject,
        status,
        recipientCount: campaign.recipientCount,
        sentCount: campaign.sentCount,
        failedCount: campaign.failedCount,
        skippedCount: campaign.skippedCount,
        scheduledAt: date(campaign.scheduledAt),
        startedAt: date(campaign.startedAt),
        sentAt: date(campaign.sentAt),
        cancelledAt: status !== campaign.status ? (date(campaign.startedAt) ?? date(campaign.scheduledAt) ?? new Date(campaign.date_creation)) : null,
        stats: {
          sent: campaign.stats.sent,
          delivered: campaign.stats.delivered,
          opened: campaign.stats.opened,
          clicked: campaign.stats.clicked,
          bounced: campaign.stats.bounced,
          unsubscribed: campaign.stats.unsubscribed,
        },
        createdAt: new Date(campaign.date_creation),
      };
    });
    const outcome = await upsertKeepingIds(ctx, campaigns, 'campagne', rows, [
      'listId',
      'subject',
      'status',
      'recipientCount',
      'sentCount',
      'failedCount',
      'skippedCount',
      'scheduledAt',
      'startedAt',
      'sentAt',
      'cancelledAt',
      'stats',
      'createdAt',
    ]);
    if (ctx.dryRun) return { written: 0, unchanged: 0, skipped };
    let written = outcome.written.length;
    for (const campaign of records) {
      const id = ctx.ids.resolve('campagne', campaign._id);
      const at = date(campaign.sentAt) ?? date(campaign.startedAt) ?? new Date(campaign.date_creation);
      if ((await syncEvents(ctx, id, campaign, at)) && !outcome.written.includes(id)) written++;
    }
    return { written, unchanged: records.length - written, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(campaigns).where(eq(campaigns.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const ref = { campaignId: ctx.ids.resolve('campagne', oldId) };
    const campaign = await getCampaign(ctx, ref).catch(() => null);
    return campaign ? comparable(toLegacyCampaign(campaign, ctx.campsiteId, await getCampaignStats(ctx, ref))) : null;
  },
  async showThere(client, oldId) {
    return comparable(await client.json('POST', `/getCampaignsStats/${encodeURIComponent(oldId)}`, legacyCampaignSchema));
  },
};

/** Replaces the newsletter's imported events when the figures they carry changed; answers whether they did. */
async function syncEvents(ctx: ImportCtx, campaignId: string, campaign: ImportedCampaign, at: Date): Promise<boolean> {
  const { db, campsiteId } = ctx;
  const wanted = syntheticEvents(campaignId, campaign.stats, campaign.links.map((link) => ({ url: link.url, clicks: link.clicks, uniqueClicks: link.uniqueClicks })));
  const mine = and(eq(campaignEvents.campingId, campsiteId), eq(campaignEvents.campaignId, campaignId), like(campaignEvents.id, `${importedEventId(campaignId)}%`));
  const existing = await db
    .select({ id: campaignEvents.id, kind: campaignEvents.kind, url: campaignEvents.url, providerMessageId: campaignEvents.providerMessageId, at: campaignEvents.at })
    .from(campaignEvents)
    .where(mine);
  const fingerprint = (event: { id: string; kind: string; url: string | null; providerMessageId: string | null }) => `${event.id}\u0000${event.kind}\u0000${event.url}\u0000${event.providerMessageId}`;
  const here = new Set(existing.filter((event) => event.at.getTime() === at.getTime()).map(fingerprint));
  if (existing.length === wanted.length && wanted.every((event) => here.has(fingerprint(event)))) return false;
  await db.delete(campaignEvents).where(mine);
  for (const batch of chunks(wanted, 1000)) {
    await db.insert(campaignEvents).values(batch.map((event) => ({ ...event, campingId: campsiteId, campaignId, at })));
  }
  return true;
}

/** What a newsletter keeps across systems, figures included (its rates follow from them). */
const comparable = (campaign: z.output<typeof legacyCampaignSchema>) => ({
  subject: campaign.subject,
  status: campaign.status,
  recipientCount: campaign.recipientCount,
  sentCount: campaign.sentCount,
  failedCount: campaign.failedCount,
  skippedCount: campaign.skippedCount,
  scheduledAt: campaign.scheduledAt,
  startedAt: campaign.startedAt,
  sentAt: campaign.sentAt,
  date_creation: campaign.date_creation,
  stats: campaign.stats,
});
