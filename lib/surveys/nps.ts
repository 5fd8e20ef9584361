import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { answersHref } from './links';
import { LOW_SCORE_MAX, npsOf, type NpsCounts } from './score';

export type NpsFigure = NpsCounts & { nps: number | null };
/** One line of the panel: the season's figure against the previous season's, and the comments behind it. */
export type NpsLine = { typologyName: string | null; current: NpsFigure; previous: NpsFigure; delta: number | null; commentsHref: string };
export type NpsPanel = { season: number; previousSeason: number; seasons: number[]; overall: NpsLine; byTypology: NpsLine[] } | null;

type Row = { season: number; typology_name: string | null; whole: number; answers: number; promoters: number; passives: number; detractors: number };

const EMPTY: NpsCounts = { answers: 0, promoters: 0, passives: 0, detractors: 0 };
const figureOf = (counts: NpsCounts): NpsFigure => ({ ...counts, nps: npsOf(counts) });

/** The seasons (arrival years) that have answers, newest first. */
async function answeredSeasons(ctx: CampsiteCtx): Promise<number[]> {
  const rows = resultRows<{ season: number }>(
    await ctx.db.execute(sql`select distinct season from stay_surveys where camping_id = ${ctx.campsiteId} and score is not null order by season desc limit 20`),
  );
  return rows.map((row) => Number(row.season));
}

/**
 * The net promoter score of a season (the newest with answers unless asked), overall and per
 * accommodation type, against the previous season: promoters 9–10, detractors 0–6, over the
 * answered surveys. Counted by the database in one pass (grouping sets), inside the campsite.
 */
export async function npsPanel(ctx: CampsiteCtx, input: { season?: number | null } = {}): Promise<NpsPanel> {
  const seasons = await answeredSeasons(ctx);
  if (!seasons.length) return null;
  const season = input.season && seasons.includes(input.season) ? input.season : seasons[0];
  const rows = resultRows<Row>(
    await ctx.db.execute(sql`
      select season, typology_name, grouping(typology_name)::int as whole, count(*)::int as answers,
        (count(*) filter (where score >= 9))::int as promoters,
        (count(*) filter (where score > ${LOW_SCORE_MAX} and score < 9))::int as passives,
        (count(*) filter (where score <= ${LOW_SCORE_MAX}))::int as detractors
      from stay_surveys
      where camping_id = ${ctx.campsiteId} and score is not null and season in (${season}, ${season - 1})
      group by grouping sets ((season), (season, typology_name))`),
  );
  const counts = (of: number, typology: string | null): NpsCounts => {
    const row = rows.find((candidate) => Number(candidate.season) === of && (typology === null ? Number(candidate.whole) === 1 : Number(candidate.whole) === 0 && candidate.typology_name === typology));
    return row ? { answers: Number(row.answers), promoters: Number(row.promoters), passives: Number(row.passives), detractors: Number(row.detractors) } : EMPTY;
  };
  const line = (typology: string | null): NpsLine => {
    const current = figureOf(counts(season, typology));
    const previous = figureOf(counts(season - 1, typology));
    const delta = current.nps !== null && previous.nps !== null ? current.nps - previous.nps : null;
    return { typologyName: typology, current, previous, delta, commentsHref: answersHref({ season, typology }) };
  };
  const typologies = [...new Set(rows.filter((row) => Number(row.whole) === 0 && Number(row.season) === season).map((row) => row.typology_name ?? ''))].sort((a, b) => a.localeCompare(b, 'it'));
  return { season, previousSeason: season - 1, seasons, overall: line(null), byTypology: typologies.map(line) };
}
