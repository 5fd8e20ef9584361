import { firstParam, type SearchParams } from '@/lib/vocabulary/search-params';

/**
 * The outgoing mail list's address, both ways: /mail?cartella=uscita&stato=inviate&dal=…&al=…&dopo=…
 * stato=inviate keeps the mails that left (or, without a provider, were kept in the local preview),
 * newsletters apart,
 * dal/al ('dd/mm/yyyy', both included) the days they left. The page reads it with
 * parseOutboxListParams and the dashboard's mail figures link with outboxListHref.
 */
export const SENT_OUTBOX_STATUSES = ['sent', 'captured'] as const;
/**
 * Newsletters are not "e-mail inviate": they leave through the campsite's provider and only the
 * demo keeps them in the outbox (lib/newsletter/outbox-capture.ts), so the figure and its list
 * leave them out everywhere alike. Nor are the invitations of imported users: they go to staff.
 */
export const NOT_COUNTED_AS_SENT_KINDS = ['newsletter', 'user-invitation'] as const;

export type OutboxListParams = { sentOnly: boolean; dateFrom: string; dateTo: string; cursor?: string | null };

const one = (value: string | string[] | undefined) => firstParam(value) ?? '';

export function parseOutboxListParams(params: SearchParams): OutboxListParams {
  return {
    sentOnly: one(params.stato) === 'inviate',
    dateFrom: one(params.dal).trim().slice(0, 20),
    dateTo: one(params.al).trim().slice(0, 20),
    cursor: one(params.dopo) || null,
  };
}

export const outboxFiltered = (params: OutboxListParams) => params.sentOnly || Boolean(params.dateFrom || params.dateTo);

/** The outbox folder with these filters; it is the whole of /mail when no mailbox is bound. */
export function outboxListHref(params: OutboxListParams): string {
  const query = new URLSearchParams({ cartella: 'uscita' });
  if (params.sentOnly) query.set('stato', 'inviate');
  if (params.dateFrom) query.set('dal', params.dateFrom);
  if (params.dateTo) query.set('al', params.dateTo);
  if (params.cursor) query.set('dopo', params.cursor);
  return `/mail?${query}`;
}
