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

const romeDay = (offsetDays: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + offsetDays * 86_400_000));

/**
 * One of the seed's booked stays made a German guest's that ended two days ago, with the campsite's
 * thank-you turned on (two days after, a review link): the stay mail job's next run owes it a mail.
 * `restore` puts the campsite's stay mail settings back as they were. Null without PostgreSQL.
 */
export async function germanStayJustEnded(campsiteId: string): Promise<{ quoteId: string; contactId: string; name: string; restore: () => Promise<void> } | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [stay] = await sql<{ quote_id: string; contact_id: string; name: string; card_idx: number }[]>`
      select q.id as quote_id, q.contact_id, trim(ct.first_name || ' ' || ct.last_name) as name, coalesce(q.accepted_card_idx, 0) as card_idx
      from quotes q join contacts ct on ct.id = q.contact_id
      where q.camping_id = ${campsiteId} and q.progress = 'convertito'
        and exists (select 1 from quote_cards c where c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0))
        and not exists (select 1 from stay_surveys s where s.quote_id = q.id)
        and not exists (select 1 from stay_messages m where m.quote_id = q.id and m.kind = 'post_stay')
      order by q.created_at, q.id limit 1`;
    if (!stay) throw new Error('Il seme non ha un soggiorno prenotato senza ringraziamento');
    const [campsite] = await sql<{ stay_mails: unknown }[]>`select stay_mails from campsites where id = ${campsiteId}`;
    const email = `gast.${stay.quote_id.slice(0, 8).toLowerCase()}@example.de`;
    await sql`update contacts set language_id = 3, email = ${email}, newsletter_opt_out_at = null, email_suppressed_at = null, email_suppressed_reason = null where id = ${stay.contact_id}`;
    await sql`update quotes set language_id = 3 where id = ${stay.quote_id}`;
    await sql`update quote_cards set arrival = ${romeDay(-6)}::date, departure = ${romeDay(-2)}::date where quote_id = ${stay.quote_id} and idx = ${stay.card_idx}`;
    const settings = {
      preArrival: { enabled: false, daysBefore: 7, templateId: null, dayBefore: false, dayBeforeTemplateId: null },
      postStay: { enabled: true, daysAfter: 2, templateId: null, reviewUrl: 'https://g.page/lago-azzurro/review' },
    };
    await sql`update campsites set stay_mails = ${sql.json(settings)} where id = ${campsiteId}`;
    const before = campsite?.stay_mails ?? null;
    const restore = async () => {
      const again = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await again`update campsites set stay_mails = ${before === null ? null : again.json(before as never)} where id = ${campsiteId}`;
      } finally {
        await again.end();
      }
    };
    return { quoteId: stay.quote_id, contactId: stay.contact_id, name: stay.name, restore };
  } finally {
    await sql.end();
  }
}

/** The outbox row the stay mail job queued for a quote's thank-you (keyed `<campsite>:stay:post_stay:<quote>`), once it exists. */
export async function postStayMailId(quoteId: string): Promise<string | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ id: string }[]>`select id from mail_outbox where idempotency_key like ${`%:stay:post_stay:${quoteId}`}`;
    return row?.id ?? null;
  } finally {
    await sql.end();
  }
}
