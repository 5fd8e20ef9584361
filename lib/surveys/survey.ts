import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';

/** A guest may change the answer for a week after giving it; then it stays as given. */
export const EDIT_DAYS = 7;

export type SurveyAnswer = { score: number; wentWell: string; toImprove: string; answeredAt: Date };

/** What the guest's survey page shows: the campsite, the stay, the answer if given. */
export type SurveyView = {
  id: string;
  quoteId: string;
  contactId: string;
  locale: GuestLocale;
  campsiteName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  typologyName: string;
  arrival: string | null;
  departure: string | null;
  answer: SurveyAnswer | null;
  /** Until when the answer may be changed; null before the first answer. */
  editableUntil: Date | null;
};

type Row = {
  id: string;
  quote_id: string;
  contact_id: string;
  language_id: number | null;
  campsite_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  typology_name: string;
  arrival: string | null;
  departure: string | null;
  score: number | null;
  went_well: string;
  to_improve: string;
  answered_at: Date | string | null;
};

const editableUntilOf = (answeredAt: Date) => new Date(answeredAt.getTime() + EDIT_DAYS * 24 * 60 * 60 * 1000);

/**
 * The survey of a token, inside the campsite's wall (the link's campsite id); `lock` holds the
 * row until the transaction ends, so two answers sent at once are taken one after the other.
 */
export async function findSurvey(ctx: CampsiteCtx, token: string, options: { lock?: boolean } = {}): Promise<SurveyView> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw notFound();
  const [row] = resultRows<Row>(
    await ctx.db.execute(sql`
      select s.id, s.quote_id, s.contact_id, s.language_id, cs.name as campsite_name, ct.first_name, ct.last_name, ct.email,
        s.typology_name, s.arrival::text as arrival, s.departure::text as departure, s.score, s.went_well, s.to_improve, s.answered_at
      from stay_surveys s
      join campsites cs on cs.id = s.camping_id
      join contacts ct on ct.id = s.contact_id and ct.camping_id = s.camping_id
      where s.camping_id = ${ctx.campsiteId} and s.token = ${token}
      ${options.lock ? sql`for update of s` : sql``}`),
  );
  if (!row) throw notFound();
  const answeredAt = row.answered_at === null ? null : new Date(row.answered_at);
  return {
    id: row.id,
    quoteId: row.quote_id,
    contactId: row.contact_id,
    locale: guestLocaleOf(row.language_id),
    campsiteName: row.campsite_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    typologyName: row.typology_name,
    arrival: row.arrival,
    departure: row.departure,
    answer: row.score === null || !answeredAt ? null : { score: Number(row.score), wentWell: row.went_well, toImprove: row.to_improve, answeredAt },
    editableUntil: answeredAt ? editableUntilOf(answeredAt) : null,
  };
}

/** Whether the guest may still send (a first answer, or a change within the week). */
export const isEditable = (view: Pick<SurveyView, 'editableUntil'>, now: Date) => view.editableUntil === null || now <= view.editableUntil;

const notFound = () => new AppError('not_found', 'Sondaggio non trovato.');
