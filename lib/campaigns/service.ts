import { and, desc, eq, sql } from 'drizzle-orm';
import { campaigns, mailingLists, type CampaignStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { campaignOrThrow, eventCounts, summarize, type CampaignStatsSummary } from './stats';

export const CAMPAIGN_PAGE_SIZE = 25;
export const MAX_CAMPAIGN_PAGE = 500;
export const LIST_NOT_FOUND = 'Lista non trovata.';

export type CampaignSummary = {
  id: string;
  subject: string;
  listId: string | null;
  listName: string | null;
  status: CampaignStatus;
  recipientCount: number;
  sentCount: number;
  failedCount: number;
  skippedCount: number;
  scheduledAt: Date | null;
  startedAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  stats: CampaignStatsSummary;
};

const summaryColumns = {
  id: campaigns.id,
  subject: campaigns.subject,
  listId: campaigns.listId,
  listName: mailingLists.name,
  status: campaigns.status,
  recipientCount: campaigns.recipientCount,
  sentCount: campaigns.sentCount,
  failedCount: campaigns.failedCount,
  skippedCount: campaigns.skippedCount,
  scheduledAt: campaigns.scheduledAt,
  startedAt: campaigns.startedAt,
  sentAt: campaigns.sentAt,
  createdAt: campaigns.createdAt,
};

const listJoin = and(eq(mailingLists.id, campaigns.listId), eq(mailingLists.campingId, campaigns.campingId));

/** The campsite's newsletters, newest first, a page at a time (keyset on created_at, id), each with its figures. */
export async function listCampaigns(
  ctx: CampsiteCtx,
  { cursor, limit = CAMPAIGN_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<Page<CampaignSummary>> {
  const { db, campsiteId } = ctx;
  const size = Math.min(Math.max(1, limit), MAX_CAMPAIGN_PAGE);
  const after = decodeCursor(cursor, 2);
  const rows = await db
    .select({ ...summaryColumns, position: exactTimestamp(campaigns.createdAt) })
    .from(campaigns)
    .leftJoin(mailingLists, listJoin)
    .where(
      and(
        eq(campaigns.campingId, campsiteId),
        after ? sql`(${campaigns.createdAt}, ${campaigns.id}) < (${String(after[0])}::timestamptz, ${String(after[1])}::text)` : undefined,
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => [row.position, row.id]);
  const counts = await eventCounts(
    ctx,
    page.items.map((row) => row.id),
  );
  return {
    nextCursor: page.nextCursor,
    items: page.items.map(({ position: _position, ...row }) => ({ ...row, stats: summarize(row.id, row.sentCount, counts.get(row.id)) })),
  };
}

/** One newsletter with its list's name, for the detail page and the legacy answers. */
export async function getCampaign(ctx: CampsiteCtx, { campaignId }: { campaignId: string }) {
  const { campsiteId } = ctx;
  const campaign = await campaignOrThrow(ctx, { campaignId });
  const [list] = campaign.listId
    ? await ctx.db
        .select({ name: mailingLists.name })
        .from(mailingLists)
        .where(and(eq(mailingLists.id, campaign.listId), eq(mailingLists.campingId, campsiteId)))
    : [];
  return { ...campaign, listName: list?.name ?? null };
}

/** A new newsletter in 'draft': a subject, a body and one of the campsite's lists. */
export async function createCampaign(
  { db, campsiteId }: CampsiteCtx,
  { userId, subject, html, listId }: { userId?: string | null; subject: string; html: string; listId: string },
) {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId)));
  if (!list) throw new AppError('not_found', LIST_NOT_FOUND);
  const [row] = await db.insert(campaigns).values({ campingId: campsiteId, listId, subject, html, status: 'draft', createdBy: userId ?? null }).returning();
  return row;
}
