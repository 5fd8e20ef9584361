import { CONTACT_SORTS, type ContactSort } from '@/lib/contacts/validation';
import { firstParam, type SearchParams } from '@/lib/vocabulary/search-params';

/**
 * What the list page reads from its URL: ?q=…&dal=…&al=…&nazione=…&ordine=…&dopo=… (nazione: a
 * nation's id, 0 for "not given"; the dashboard's nationality figures open the list with it).
 */
export type ContactListParams = { search: string; dateFrom: string; dateTo: string; nationId?: number | null; sort: ContactSort; cursor?: string | null };

function queryOf(params: ContactListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search.trim()) query.set('q', params.search.trim());
  if (params.dateFrom.trim()) query.set('dal', params.dateFrom.trim());
  if (params.dateTo.trim()) query.set('al', params.dateTo.trim());
  if (params.nationId !== undefined && params.nationId !== null) query.set('nazione', String(params.nationId));
  if (params.sort !== 'recenti') query.set('ordine', params.sort);
  if (params.cursor) query.set('dopo', params.cursor);
  return query;
}

/** The list with these filters (a new filter always starts from the first page). */
export function contactListHref(params: ContactListParams): string {
  const query = queryOf(params).toString();
  return query ? `/clienti?${query}` : '/clienti';
}

/** The CSV download of what the list shows, every page. */
export function contactExportHref(params: ContactListParams): string {
  const query = queryOf({ ...params, cursor: null }).toString();
  return query ? `/clienti/esporta?${query}` : '/clienti/esporta';
}

const one = (value: string | string[] | undefined) => firstParam(value) ?? '';

/** The list's URL back to filters; an unknown order falls back to the most recent first. */
export function parseContactListParams(searchParams: SearchParams): ContactListParams {
  const sort = one(searchParams.ordine) as ContactSort;
  return {
    search: one(searchParams.q).slice(0, 200),
    dateFrom: one(searchParams.dal).slice(0, 20),
    dateTo: one(searchParams.al).slice(0, 20),
    nationId: /^\d{1,6}$/.test(one(searchParams.nazione)) ? Number(one(searchParams.nazione)) : null,
    sort: (CONTACT_SORTS as readonly string[]).includes(sort) ? sort : 'recenti',
    cursor: one(searchParams.dopo) || null,
  };
}
