import { firstParam, type SearchParams } from "@/lib/vocabulary/search-params";
/**
 * The requests list's address, both ways: ?vista=tutte&q=…&dal=…&al=…&dopo=… The page reads it
 * with parseRequestListParams and every link to it (the dashboard's figures) is built by
 * requestListHref, so a link and the list it opens cannot disagree. dal/al are the days the
 * requests arrived, 'dd/mm/yyyy', both included.
 */
export type RequestListParams = {
  scope: "open" | "all";
  search: string;
  dateFrom: string;
  dateTo: string;
  cursor?: string | null;
};

const one = (value: string | string[] | undefined) => firstParam(value) ?? "";

export function parseRequestListParams(
  params: SearchParams,
): RequestListParams {
  return {
    scope: one(params.vista) === "tutte" ? "all" : "open",
    search: one(params.q).trim().slice(0, 200),
    dateFrom: one(params.dal).trim().slice(0, 20),
    dateTo: one(params.al).trim().slice(0, 20),
    cursor: one(params.dopo) || null,
  };
}

export function requestListHref(params: RequestListParams): string {
  const query = new URLSearchParams();
  if (params.scope === "all") query.set("vista", "tutte");
  if (params.search) query.set("q", params.search);
  if (params.dateFrom) query.set("dal", params.dateFrom);
  if (params.dateTo) query.set("al", params.dateTo);
  if (params.cursor) query.set("dopo", params.cursor);
  const text = query.toString();
  return text ? `/richieste?${text}` : "/richieste";
}
