import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * The survey of one of the seed's booked stays, written straight to the browser tests' database
 * as lib/stays/survey-row.ts' createStaySurvey makes it (the post-stay job's work): the accepted
 * offer's stay, the guest's language, an unguessable token. `languageId` first sets the guest's
 * language (3: German). Null without a PostgreSQL database (an embedded PGlite run).
 */
export async function surveyOfBookedStay(campsiteId: string, options: { languageId?: number } = {}): Promise<{ token: string; contactId: string; name: string } | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [stay] = await sql<{ quote_id: string; contact_id: string; name: string }[]>`
      select q.id as quote_id, q.contact_id, trim(ct.first_name || ' ' || ct.last_name) as name
      from quotes q join contacts ct on ct.id = q.contact_id
      where q.camping_id = ${campsiteId} and q.progress = 'convertito'
        and not exists (select 1 from stay_surveys s where s.quote_id = q.id)
      order by q.created_at desc, q.id limit 1`;
    if (!stay) throw new Error('Il seme non ha un soggiorno prenotato senza sondaggio');
    if (options.languageId) {
      await sql`update contacts set language_id = ${options.languageId} where id = ${stay.contact_id}`;
      await sql`update quotes set language_id = ${options.languageId} where id = ${stay.quote_id}`;
    }
    const token = randomBytes(32).toString('base64url');
    await sql`
      insert into stay_surveys (id, camping_id, token, quote_id, contact_id, language_id, season, typology_name, arrival, departure)
      select ${randomBytes(16).toString('base64url')}, q.camping_id, ${token}, q.id, q.contact_id, coalesce(q.language_id, ct.language_id),
        coalesce(extract(year from c.arrival)::int, extract(year from q.created_at)::int), coalesce(c.typology_name, ''), c.arrival, c.departure
      from quotes q join contacts ct on ct.id = q.contact_id
      left join quote_cards c on c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0)
      where q.id = ${stay.quote_id}`;
    return { token, contactId: stay.contact_id, name: stay.name };
  } finally {
    await sql.end();
  }
}
