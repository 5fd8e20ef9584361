import {
  QUOTE_PROGRESS,
  type QuoteProgress,
} from "@/lib/vocabulary/quote-progress";
import type { QuoteListQuery } from "./queries";
import { firstParam, type SearchParams } from "@/lib/vocabulary/search-params";

/**
 * The quote list's address, both ways: ?q=…&stato=…&etichetta=…&dal=…&al=…&nazione=…&ospiti=…&dopo=…
 * The page reads its filters with parseQuoteListParams and every link to it (the dashboard's
 * figures) is built by quoteListHref, so a link and the list it opens cannot disagree.
 */
export const GUEST_KINDS = ["ritorno", "nuovi"] as const;
export type GuestKind = (typeof GUEST_KINDS)[number];

export type QuoteListParams = Omit<QuoteListQuery, "limit" | "contactId">;

const many = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value : value ? [value] : [];

/** A nation's id as the lists carry it; 0 is "not given". */
export function parseNationId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value);
}

export function parseQuoteListParams(params: SearchParams): QuoteListParams {
  const guests = firstParam(params.ospiti);
  return {
    search: firstParam(params.q)?.slice(0, 100),
    // Unknown values in a hand-edited URL are left out rather than refused.
    progress: many(params.stato).filter((value): value is QuoteProgress =>
      (QUOTE_PROGRESS as readonly string[]).includes(value),
    ),
    tag: firstParam(params.etichetta)?.slice(0, 60),
    dateFrom: firstParam(params.dal)?.slice(0, 10),
    dateTo: firstParam(params.al)?.slice(0, 10),
    nationId: parseNationId(firstParam(params.nazione)),
    guests: (GUEST_KINDS as readonly string[]).includes(guests ?? "")
      ? (guests as GuestKind)
      : undefined,
    assignee: firstParam(params.inCarico)?.slice(0, 100) || undefined,
    cursor: firstParam(params.dopo),
  };
}

export function quoteListHref(filters: QuoteListParams): string {
  const query = new URLSearchParams();
  if (filters.search?.trim()) query.set("q", filters.search.trim());
  for (const value of filters.progress ?? []) query.append("stato", value);
  if (filters.tag) query.set("etichetta", filters.tag);
  if (filters.dateFrom) query.set("dal", filters.dateFrom);
  if (filters.dateTo) query.set("al", filters.dateTo);
  if (filters.nationId !== undefined)
    query.set("nazione", String(filters.nationId));
  if (filters.guests) query.set("ospiti", filters.guests);
  if (filters.assignee) query.set("inCarico", filters.assignee);
  if (filters.cursor) query.set("dopo", filters.cursor);
  const text = query.toString();
  return text ? `/preventivi?${text}` : "/preventivi";
}

/** «In carico a» as the queries take it: 'me' becomes the signed-in user's id. */
export function resolveAssignee(
  filters: QuoteListParams,
  userId: string,
): QuoteListParams {
  return filters.assignee === "me" ? { ...filters, assignee: userId } : filters;
}
