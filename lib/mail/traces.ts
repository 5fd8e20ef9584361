import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { contacts, mailTraces, quotes, type MailMeta } from '@/db/schema';
import type { CampsiteCtx, Ctx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { contactByAddress } from './outbox';

/**
 * tracciaMail: the mail traces of a campsite, read and written by thread. Every query here is
 * scoped by the campsite id: a thread, a reference or a trace of another campsite does not exist.
 */

export type TraceRow = typeof mailTraces.$inferSelect;

export const TRACE_PAGE_SIZE = 25;
export const MAX_TRACE_PAGE_SIZE = 100;

/** The reference the subject rule appends (' - RIF.: {id} [CRM]'), read back from a reply's subject. */
export function referenceInSubject(subject: string): string | null {
  const match = /RIF\.:\s*([A-Za-z0-9-]{4,64})\s*\[CRM\]/i.exec(subject);
  return match ? match[1] : null;
}

/** A contact of this campsite, or 404: an id of another campsite is not ours to name. */
export async function assertContact(ctx: CampsiteCtx, contactId: string): Promise<void> {
  const [found] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.campingId, ctx.campsiteId)));
  if (!found) throw new AppError('not_found', 'Cliente non trovato.');
}

export async function assertQuote(ctx: CampsiteCtx, quoteId: string): Promise<void> {
  const [found] = await ctx.db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)));
  if (!found) throw new AppError('not_found', 'Preventivo non trovato.');
}

/** A trace of the campsite found by its reference (getUUID), or null. */
export async function traceByReference(ctx: CampsiteCtx, referenceId: string): Promise<TraceRow | null> {
  const [found] = await ctx.db
    .select()
    .from(mailTraces)
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), eq(mailTraces.referenceId, referenceId)))
    .limit(1);
  return found ?? null;
}

/** The first trace of a thread in this campsite (its contact and quote), or null. */
async function threadHead(ctx: CampsiteCtx, threadId: string) {
  const [found] = await ctx.db
    .select({ contactId: mailTraces.contactId, quoteId: mailTraces.quoteId })
    .from(mailTraces)
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), eq(mailTraces.threadId, threadId)))
    .orderBy(mailTraces.createdAt)
    .limit(1);
  return found ?? null;
}

/** markUUID: the mail with this reference was used; the first date is kept. 404 for another campsite's reference. */
export async function markReferenceUsed(ctx: CampsiteCtx, referenceId: string): Promise<TraceRow> {
  const [marked] = await ctx.db
    .update(mailTraces)
    .set({ usedAt: sql`coalesce(${mailTraces.usedAt}, now())` })
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), eq(mailTraces.referenceId, referenceId)))
    .returning();
  if (!marked) throw new AppError('not_found', 'Nessuna e-mail del campeggio con questo riferimento.');
  return marked;
}

export type NewTrace = {
  direction: 'in' | 'out';
  recipients: string[];
  subject: string;
  body: string;
  contactId?: string | null;
  quoteId?: string | null;
  threadId?: string | null;
  isSent?: boolean;
  linkedMailIds?: string[];
  previousReplies?: string[];
  providerMessageId?: string | null;
  /** The RIF put in the subject of a mail the CRM sends itself (a mail from the bound mailbox). */
  referenceId?: string | null;
  /** The Message-ID (without angle brackets) of a mail we sent, so the guest's reply finds this trace. */
  rfcMessageId?: string | null;
  meta?: MailMeta;
};

/**
 * tracciaMail/addMail: records a mail the product did not send itself (a guest's reply, a mail
 * sent from the mailbox). Without a thread, the reference in the subject names it; the contact
 * comes from the request, else from the thread, else from the first address.
 */
export async function addTrace(ctx: CampsiteCtx, input: NewTrace): Promise<TraceRow> {
  if (input.contactId) await assertContact(ctx, input.contactId);
  if (input.quoteId) await assertQuote(ctx, input.quoteId);
  let threadId = input.threadId ?? null;
  if (!threadId) {
    const reference = referenceInSubject(input.subject);
    const referenced = reference ? await traceByReference(ctx, reference) : null;
    threadId = referenced?.threadId ?? null;
  }
  const head = threadId ? await threadHead(ctx, threadId) : null;
  const contactId = input.contactId ?? head?.contactId ?? (await contactByAddress(ctx, input.recipients[0]));
  const id = newId();
  const [row] = await ctx.db
    .insert(mailTraces)
    .values({
      id,
      campingId: ctx.campsiteId,
      contactId,
      quoteId: input.quoteId ?? head?.quoteId ?? null,
      threadId: threadId ?? id,
      direction: input.direction,
      recipients: input.recipients,
      subject: input.subject,
      body: input.body,
      isSent: input.isSent ?? input.direction === 'in',
      linkedMailIds: input.linkedMailIds ?? [],
      previousReplies: input.previousReplies ?? [],
      providerMessageId: input.providerMessageId ?? null,
      referenceId: input.referenceId ?? null,
      rfcMessageId: input.rfcMessageId ?? null,
      meta: input.meta ?? {},
      sentAt: input.direction === 'in' || input.isSent ? new Date() : null,
    })
    .returning();
  return row;
}

// Timestamps go in the cursor with their microseconds, so no row is skipped or repeated.
const cursorTime = exactTimestamp(mailTraces.createdAt);

/** Newest first, by (created_at, id) keyset: a page never shifts when new mails arrive. `where` names the campsite. */
export async function tracePage(ctx: Ctx, where: SQL, options: { cursor?: string | null; limit?: number }): Promise<Page<TraceRow> & { total: number }> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? TRACE_PAGE_SIZE)), MAX_TRACE_PAGE_SIZE);
  const position = decodeCursor(options.cursor, 2);
  const after = position ? sql`(${mailTraces.createdAt}, ${mailTraces.id}) < (${String(position[0])}::timestamptz, ${String(position[1])}::text)` : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ trace: mailTraces, at: cursorTime })
      .from(mailTraces)
      .where(and(where, after))
      .orderBy(desc(mailTraces.createdAt), desc(mailTraces.id))
      .limit(limit + 1),
    ctx.db.select({ total: count() }).from(mailTraces).where(where),
  ]);
  const page = toPage(rows, limit, (row) => [row.at, row.trace.id]);
  return { items: page.items.map((row) => row.trace), nextCursor: page.nextCursor, total: Number(total) };
}

/** tracciaMail/getLazy: a page of the thread, newest first; 404 when the campsite has no such thread. */
export async function threadPage(ctx: CampsiteCtx, threadId: string, options: { cursor?: string | null; limit?: number }) {
  const page = await tracePage(ctx, and(eq(mailTraces.campingId, ctx.campsiteId), eq(mailTraces.threadId, threadId))!, options);
  if (page.total === 0) throw new AppError('not_found', 'Conversazione non trovata.');
  return page;
}

/** getMailCV: the booking platform's mails (sendMailCV marks them with meta.emailCV), newest first. */
export async function cvMailPage(ctx: CampsiteCtx, options: { cursor?: string | null; limit?: number }) {
  return tracePage(ctx, and(eq(mailTraces.campingId, ctx.campsiteId), sql`(${mailTraces.meta} ->> 'emailCV') is not null`)!, options);
}

/** A trace of this campsite by id, or null. */
export async function findTrace(ctx: CampsiteCtx, traceId: string): Promise<TraceRow | null> {
  const [found] = await ctx.db
    .select()
    .from(mailTraces)
    .where(and(eq(mailTraces.id, traceId), eq(mailTraces.campingId, ctx.campsiteId)));
  return found ?? null;
}
