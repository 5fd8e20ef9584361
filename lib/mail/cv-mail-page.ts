import { and, eq, or } from 'drizzle-orm';
import { contacts, mailTraces, type OutboxStatus } from '@/db/schema';
import { readCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import type { CvMailSettings } from '@/lib/configurations/validation';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { parseBookingReference, quoteByBookingReference, type BookedQuote, type BookingReference } from '@/lib/quotes/booking-reference';
import { mailStatus, type MailStatus } from './mail-status';
import { outboxStatusByTrace, traceIsToGuest } from './trace-outbox';
import { cvMailPage, tracePage, type TraceRow } from './traces';

/** What the list under the compose form shows of a mail. */
export type CvMailSummary = { id: string; threadId: string; recipients: string[]; subject: string; status: MailStatus | null; at: Date };
export type CvMailList = { items: CvMailSummary[]; nextCursor: string | null };

/** Prefilled fields of the compose form. */
export type CvComposeStart = { to: string; subject: string; contactId: string | null; quoteId: string | null };

const summary = (trace: TraceRow, outboxStatus: OutboxStatus | null): CvMailSummary => ({
  id: trace.id,
  threadId: trace.threadId,
  recipients: trace.recipients,
  subject: trace.subject,
  status: mailStatus({ direction: trace.direction, outboxStatus, isSent: trace.isSent }),
  at: trace.sentAt ?? trace.createdAt,
});

/** A stale or edited cursor in the address shows the first page rather than an error page. */
async function pageOrFirst(
  ctx: CampsiteCtx,
  load: (cursor: string | null) => Promise<{ items: TraceRow[]; nextCursor: string | null }>,
  cursor: string | null,
): Promise<CvMailList> {
  let page;
  try {
    page = await load(cursor);
  } catch (error) {
    if (!(error instanceof AppError) || !cursor) throw error;
    page = await load(null);
  }
  const statuses = await outboxStatusByTrace(ctx, page.items.map((trace) => trace.id));
  return { items: page.items.map((trace) => summary(trace, statuses.get(trace.id) ?? null)), nextCursor: page.nextCursor };
}

/** The address of a contact of this campsite, or null (another campsite's id is unknown here). */
async function contactEmail(ctx: CampsiteCtx, contactId: string) {
  const [found] = await ctx.db
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.campingId, ctx.campsiteId)));
  return found ?? null;
}

export type EmailCvData = { settings: CvMailSettings; start: CvComposeStart; list: CvMailList };

/** /emailCV: the compose form prefilled from ?to=, ?cliente=, ?oggetto= (else the default subject), and the campsite's CV mails. */
export async function loadEmailCvPage(ctx: CampsiteCtx, query: { to?: string; cliente?: string; oggetto?: string; cursor?: string }): Promise<EmailCvData> {
  const [settings, contact, list] = await Promise.all([
    readCvMailSettings(ctx),
    query.cliente ? contactEmail(ctx, query.cliente.slice(0, 100)) : null,
    pageOrFirst(ctx, (cursor) => cvMailPage(ctx, { cursor }), query.cursor ?? null),
  ]);
  const to = query.to?.slice(0, 2000) || contact?.email || '';
  return { settings, list, start: { to, subject: query.oggetto?.slice(0, 500) || settings.oggetto, contactId: contact?.id ?? null, quoteId: null } };
}

export type ClientMailCvData = EmailCvData & {
  /** none: no file in the address; invalid: unreadable; missing: no quote of the campsite has it. */
  status: 'none' | 'invalid' | 'missing' | 'found';
  reference: BookingReference | null;
  quote: BookedQuote | null;
};

/** /clientMailCV/:annoPratica?/:numeroPratica?: the guest of the booking file, and the mails of that quote or guest. */
export async function loadClientMailCvPage(ctx: CampsiteCtx, segments: readonly string[] | undefined, cursor: string | null): Promise<ClientMailCvData> {
  const { campsiteId } = ctx;
  const settings = await readCvMailSettings(ctx);
  const parsed = parseBookingReference(segments);
  const empty = { items: [], nextCursor: null };
  const blank: CvComposeStart = { to: '', subject: settings.oggetto, contactId: null, quoteId: null };
  if (parsed.kind !== 'ok') return { settings, start: blank, list: empty, status: parsed.kind, reference: null, quote: null };
  const quote = await quoteByBookingReference(ctx, parsed.reference);
  if (!quote) return { settings, start: blank, list: empty, status: 'missing', reference: parsed.reference, quote: null };
  const where = and(eq(mailTraces.campingId, campsiteId), or(eq(mailTraces.quoteId, quote.quoteId), eq(mailTraces.contactId, quote.contactId)), traceIsToGuest)!;
  const list = await pageOrFirst(ctx, (at) => tracePage(ctx, where, { cursor: at }), cursor);
  return {
    settings,
    list,
    status: 'found',
    reference: parsed.reference,
    quote,
    start: { to: quote.guestEmail ?? '', subject: settings.oggetto, contactId: quote.contactId, quoteId: quote.quoteId },
  };
}
