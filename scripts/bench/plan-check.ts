/**
 * The plan check of `npm run bench:http`: the statements of the contacts search, the contacts'
 * first and deep page, the quotes list and its search (the same SQL the app sends,
 * scripts/bench/log-sql.ts), explained as the app role inside the campsite's scope, as production
 * runs them. A sequential scan of contacts or quotes there is a regression that req/s on a warm
 * cache can hide; the statements a search function runs inside do not show in the plan, so the
 * transaction's count of sequential scans of both tables is checked as well.
 */
import type { Sql } from 'postgres';

const CONTACT_COLUMNS = `"id", "first_name", "last_name", "email", "created_at", json_build_array(to_char("contacts"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), "contacts"."id")`;

type Statement = { label: string; text: string; params: (string | number)[] };

function statements(campsiteId: string, deep: { at: string; id: string }): Statement[] {
  // As lib/contacts/search.ts sends it: the matches' addresses from crm_contacts_matching (migration 0020), read by ctid.
  const search = `"contacts"."camping_id" = $1 and "contacts".ctid = any(array(select found from crm_contacts_matching(array['%' || crm_search_text($2::text) || '%']::text[], array[null]::text[]) found))`;
  // As lib/quotes/queries.ts sends it: the next matches in the list's order from crm_quotes_matching (migration 0022), read by id.
  const quoteSearch = (word: string): Statement => ({
    label: `preventivi, ricerca «${word}»`,
    text: `select q.id, q.name, q.created_at, c.id, c.first_name, c.last_name,
        (select min(k.total_cents) from quote_cards k where k.quote_id = q.id) as min_total
      from quotes q inner join contacts c on (c.id = q.contact_id and c.camping_id = q.camping_id)
      where q.camping_id = $1 and q.id in (select id from crm_quotes_matching($1::text, array['%' || crm_search_text($2::text) || '%']::text[], null, null, null, null, $3::int))
      order by q.created_at desc, q.id desc limit $3`,
    params: [campsiteId, word, 26],
  });
  return [
    quoteSearch('zzzz'),
    quoteSearch('muller'),
    quoteSearch('ro'),
    { label: 'ricerca «muller» (pagina)', text: `select ${CONTACT_COLUMNS} from "contacts" where (${search}) order by "contacts"."created_at" desc, "contacts"."id" desc limit $3`, params: [campsiteId, 'muller', 26] },
    { label: 'ricerca «muller» (conteggio)', text: `select count(*) from (select 1 from "contacts" where (${search}) limit $3) "matching"`, params: [campsiteId, 'muller', 10001] },
    { label: 'clienti, prima pagina', text: `select ${CONTACT_COLUMNS} from "contacts" where "contacts"."camping_id" = $1 order by "contacts"."created_at" desc, "contacts"."id" desc limit $2`, params: [campsiteId, 26] },
    { label: 'clienti, conteggio', text: `select count(*) from (select 1 from "contacts" where "contacts"."camping_id" = $1 limit $2) "matching"`, params: [campsiteId, 10001] },
    {
      label: 'clienti, pagina profonda',
      text: `select ${CONTACT_COLUMNS} from "contacts" where ("contacts"."camping_id" = $1 and ("contacts"."created_at", "contacts"."id") < ($2::timestamptz, $3::text)) order by "contacts"."created_at" desc, "contacts"."id" desc limit $4`,
      params: [campsiteId, deep.at, deep.id, 26],
    },
    {
      label: 'preventivi inviati',
      text: `select q.id, q.name, q.created_at, c.id, c.first_name, c.last_name,
          (select min(k.total_cents) from quote_cards k where k.quote_id = q.id) as min_total
        from quotes q inner join contacts c on (c.id = q.contact_id and c.camping_id = q.camping_id)
        where q.camping_id = $1 and (case when q.progress in ('nuovo', 'inviato', 'letto') and q.valid_until < now() then 'scaduto' else q.progress end) in ('inviato')
        order by q.created_at desc, q.id desc limit $2`,
      params: [campsiteId, 26],
    },
  ];
}

export type PlanCheck = { report: string; failures: string[] };

const SEQ_SCANS = `select (pg_stat_get_xact_numscans('contacts'::regclass) + pg_stat_get_xact_numscans('quotes'::regclass))::int as seq`;

/** Explains each statement as crm_app with app.camping_id set; `failures` names those with a Seq Scan on contacts or quotes, in the plan or in a function it calls. */
export async function checkPlans(sql: Sql, campsiteId: string, deep: { at: string; id: string }): Promise<PlanCheck> {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const statement of statements(campsiteId, deep)) {
    const plan = await sql
      .begin(async (tx) => {
        await tx`select set_config('role', 'crm_app', true), set_config('app.camping_id', ${campsiteId}, true)`;
        const [before] = await tx.unsafe<{ seq: number }[]>(SEQ_SCANS);
        const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${statement.text}`, statement.params);
        const [after] = await tx.unsafe<{ seq: number }[]>(SEQ_SCANS);
        const inside = after.seq > before.seq ? [`Seq Scan on contacts or quotes inside a function (${after.seq - before.seq})`] : [];
        throw Object.assign(new Error('rollback'), { plan: [...rows.map((row) => row['QUERY PLAN']), ...inside] });
      })
      .catch((error: { plan?: string[] }) => {
        if (!error.plan) throw error;
        return error.plan;
      });
    const seq = plan.filter((line) => /Seq Scan on (contacts|quotes)\b/.test(line));
    if (seq.length > 0) failures.push(`${statement.label}: ${seq.map((line) => line.trim().replace(/^->\s*/, '').replace(/\s+\(.*$/, '')).join('; ')}`);
    const nodes = plan.filter((line, index) => index === 0 || line.includes('->')).slice(0, 6);
    const time = plan.find((line) => line.startsWith('Execution Time'));
    lines.push(`${seq.length > 0 ? 'SEQ SCAN' : 'ok'}  ${statement.label} (${time ?? ''})`, ...nodes.map((line) => `    ${line.replace(/\s+\(cost=[^)]*\)/, '')}`));
  }
  return { report: lines.join('\n'), failures };
}
