/** The staff's list of survey answers: `/dashboard/opinioni?stagione=2026&alloggio=…&bassi=1`. */
export type AnswerFilters = { season: number | null; typology: string | null; lowOnly: boolean };

export function answersHref(filters: Partial<AnswerFilters> & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  if (filters.season) params.set('stagione', String(filters.season));
  if (filters.typology) params.set('alloggio', filters.typology);
  if (filters.lowOnly) params.set('bassi', '1');
  if (filters.cursor) params.set('dopo', filters.cursor);
  const query = params.toString();
  return `/dashboard/opinioni${query ? `?${query}` : ''}`;
}

type Params = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The list's filters read back from its address; a hand-edited value that makes no sense is dropped. */
export function parseAnswerFilters(params: Params): AnswerFilters & { cursor: string | null } {
  const season = Number(single(params.stagione));
  const typology = single(params.alloggio);
  return {
    season: Number.isInteger(season) && season >= 2000 && season <= 2100 ? season : null,
    // Empty is the form's «Tutti gli alloggi».
    typology: typology && typology.length <= 200 ? typology : null,
    lowOnly: single(params.bassi) === '1',
    cursor: single(params.dopo)?.slice(0, 500) ?? null,
  };
}
