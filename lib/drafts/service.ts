import { and, count, desc, eq, sql } from 'drizzle-orm';
import { drafts, mailingLists, templates } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { newsletterDraftSchema, type NewsletterDraftInput, type NewsletterDraftPatch } from './validation';

/** A newsletter draft as the procedure and the API use it: the payload's fields read and typed. */
export type NewsletterDraft = NewsletterDraftInput & {
  id: string;
  campsiteId: string;
  ownerId: string | null;
  title: string;
  createdAt: Date;
  updatedAt: Date;
};

export const DRAFT_NOT_FOUND = 'Bozza non trovata.';
/** A campsite keeps a handful of drafts; the cap stops a runaway script from filling the table. */
export const MAX_NEWSLETTER_DRAFTS = 200;
const DRAFT_PAGE_MAX = 50;

const KIND = 'newsletter' as const;
const notFound = () => new AppError('not_found', DRAFT_NOT_FOUND);
const own = (campsiteId: string, id: string) => and(eq(drafts.id, id), eq(drafts.campingId, campsiteId), eq(drafts.kind, KIND));

type DraftRow = typeof drafts.$inferSelect;

/** The stored payload, read leniently: a payload this code did not write reads as an empty draft. */
function toDraft(row: DraftRow): NewsletterDraft {
  const parsed = newsletterDraftSchema.safeParse(row.payload ?? {});
  const payload = parsed.success ? parsed.data : newsletterDraftSchema.parse({});
  return { id: row.id, campsiteId: row.campingId, ownerId: row.ownerId, title: row.title, createdAt: row.createdAt, updatedAt: row.updatedAt, ...payload };
}

/** The list title of a draft: its subject, or a stand-in the list can show. */
const titleOf = (draft: NewsletterDraftInput) => draft.subject.slice(0, 200);

/** A draft may only point at the campsite's own list and template. */
async function assertReferences({ db, campsiteId }: CampsiteCtx, draft: { listId?: string | null; templateId?: string | null }) {
  if (draft.listId) {
    const [list] = await db
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(and(eq(mailingLists.id, draft.listId), eq(mailingLists.campingId, campsiteId)));
    if (!list) throw new AppError('bad_request', 'La lista scelta non esiste (o è stata eliminata).');
  }
  if (draft.templateId) {
    const [template] = await db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, draft.templateId), eq(templates.campingId, campsiteId)));
    if (!template) throw new AppError('bad_request', 'Il modello scelto non esiste (o è stato eliminato).');
  }
}

export async function createNewsletterDraft(
  ctx: CampsiteCtx,
  { ownerId, draft }: { ownerId: string | null; draft: NewsletterDraftInput },
): Promise<NewsletterDraft> {
  const { campsiteId } = ctx;
  await assertReferences(ctx, draft);
  return ctx.db.transaction(async (tx) => {
    // Creations of one campsite take turns, so two at once cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || ':drafts'))`);
    const [{ total }] = await tx.select({ total: count() }).from(drafts).where(and(eq(drafts.campingId, campsiteId), eq(drafts.kind, KIND)));
    if (total >= MAX_NEWSLETTER_DRAFTS) {
      throw new AppError('conflict', `Il campeggio ha già ${MAX_NEWSLETTER_DRAFTS} bozze di newsletter: eliminane qualcuna prima di crearne altre.`);
    }
    const [row] = await tx.insert(drafts).values({ campingId: campsiteId, ownerId, kind: KIND, title: titleOf(draft), payload: draft }).returning();
    return toDraft(row);
  });
}

/** Changes the fields given; the others keep their value. */
export async function updateNewsletterDraft(
  ctx: CampsiteCtx,
  { id, patch }: { id: string; patch: NewsletterDraftPatch },
): Promise<NewsletterDraft> {
  const { campsiteId } = ctx;
  await assertReferences(ctx, patch);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(drafts).where(own(campsiteId, id)).for('update');
    if (!current) throw notFound();
    const { id: _id, campsiteId: _campsite, ownerId: _owner, title: _title, createdAt: _created, updatedAt: _updated, ...before } = toDraft(current);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const next: NewsletterDraftInput = { ...before, ...defined };
    const [row] = await tx.update(drafts).set({ title: titleOf(next), payload: next, updatedAt: new Date() }).where(own(campsiteId, id)).returning();
    return toDraft(row);
  });
}

/** One draft of the campsite; another campsite's id is simply not found. */
export async function getNewsletterDraft({ db, campsiteId }: CampsiteCtx, { id }: { id: string }): Promise<NewsletterDraft> {
  const [row] = await db.select().from(drafts).where(own(campsiteId, id));
  if (!row) throw notFound();
  return toDraft(row);
}

export async function deleteNewsletterDraft({ db, campsiteId }: CampsiteCtx, { id }: { id: string }): Promise<NewsletterDraft> {
  const [row] = await db.delete(drafts).where(own(campsiteId, id)).returning();
  if (!row) throw notFound();
  return toDraft(row);
}

const exactCreatedAt = exactTimestamp(drafts.createdAt);

/** The campsite's newsletter drafts, newest first, paged by (created_at, id). */
export async function listNewsletterDrafts(
  { db, campsiteId }: CampsiteCtx,
  { limit = 20, cursor }: { limit?: number; cursor?: string | null } = {},
): Promise<Page<NewsletterDraft>> {
  const size = Math.min(Math.max(1, Math.trunc(limit)), DRAFT_PAGE_MAX);
  const after = decodeCursor(cursor, 2);
  const rows = await db
    .select({ row: drafts, cursorAt: exactCreatedAt })
    .from(drafts)
    .where(
      and(
        eq(drafts.campingId, campsiteId),
        eq(drafts.kind, KIND),
        after ? sql`(${drafts.createdAt}, ${drafts.id}) < (${String(after[0])}::timestamptz, ${String(after[1])}::text)` : undefined,
      ),
    )
    .orderBy(desc(drafts.createdAt), desc(drafts.id))
    .limit(size + 1);
  const page = toPage(rows, size, (entry) => [entry.cursorAt, entry.row.id]);
  return { items: page.items.map((entry) => toDraft(entry.row)), nextCursor: page.nextCursor };
}
