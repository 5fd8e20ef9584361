/**
 * Server nudo per `npm run bench:http`: node:http + postgres.js, nessun framework. Risponde alle
 * stesse chiamate dell'API legacy misurate dal benchmark con lo stesso SQL dell'app (catturato con
 * il logger di drizzle, vedi scripts/bench/log-sql.ts). Nessuna autenticazione oltre al token
 * bearer letto dall'intestazione e cercato nelle sessioni, e il conteggio del limite per token
 * (le stesse query dell'app). Le pagine e l'esportazione sono confrontate con ciò che resta
 * quando si tolgono framework e rendering: la vista dell'ospite come JSON dalle stesse query
 * (e da una Map per la visita già in cache), l'esportazione come COPY grezzo della stessa select.
 * Come in produzione, il lavoro di un campeggio gira in una transazione sul login non proprietario
 * (DATABASE_APP_URL) che apre lo scope con la stessa istruzione di db/tenant-scope.ts; la sessione,
 * il limite per token e il login restano sul proprietario, come nell'app.
 * Avvio: DATABASE_URL=… DATABASE_APP_URL=… BARE_PORT=3411 tsx scripts/bench/bare-server.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { verifyPassword } from '../../lib/auth/passwords';
import { exportCopyStatement } from '../../lib/contacts/export-copy';
import { contactConditions } from '../../lib/contacts/search';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL mancante');
const port = Number(process.env.BARE_PORT ?? 3411);
// Come drizzle (postgres-js), che esegue ogni query senza nome (prepare: false): con istruzioni
// preparate PostgreSQL passerebbe a un piano generico dopo 5 esecuzioni, e la ricerca per
// frammento (like con crm_search_text di un parametro) andrebbe più lenta che nell'app.
// Dieci connessioni come l'app (db/client.ts).
const sql = postgres(url, { max: 10, prepare: false, onnotice: () => {} });
const appUrl = process.env.DATABASE_APP_URL;
if (!appUrl) throw new Error('DATABASE_APP_URL mancante (il login non proprietario, come in produzione)');
const appSql = postgres(appUrl, { max: 10, prepare: false, onnotice: () => {} });
const IDLE = `${Number(process.env.DATABASE_IDLE_IN_TRANSACTION_MS ?? 30_000)}ms`;
type Tx = postgres.TransactionSql;

/** tenantTransaction (db/tenant-scope.ts): la stessa prima istruzione, poi il lavoro, nella stessa transazione. */
async function scoped<T>(campsiteId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return (await appSql.begin(async (tx) => {
    await tx`select set_config('role', ${'crm_app'}, true), set_config('app.camping_id', ${campsiteId}, true), set_config('idle_in_transaction_session_timeout', ${IDLE}, true), session_user::text as login`;
    return work(tx);
  })) as T;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newId = () => randomBytes(16).toString('base64url');
const COUNT_CAP = 10_000;
const OPEN_PROGRESS = ['nuovo', 'inviato', 'letto'];

type Json = Record<string, unknown>;
class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function readJson(request: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text.trim() === '' ? {} : (JSON.parse(text) as Json));
      } catch {
        reject(new HttpError(400, 'JSON non valido'));
      }
    });
    request.on('error', reject);
  });
}

/** La stessa query di resolveSession (lib/auth/service.ts) per un token bearer. */
async function tenantOf(request: IncomingMessage, counted = true): Promise<{ campsiteId: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec((request.headers.authorization ?? '').trim());
  if (!match) throw new HttpError(401, 'token mancante');
  const [row] = await sql<{ campsiteId: string }[]>`
    select s.id as "sessionId", s.last_seen_at, u.id as "userId", u.camping_id as "campsiteId", u.email, u.is_admin, u.is_operator, u.pack_level
    from sessions s inner join users u on u.id = s.user_id
    where s.token_hash = ${hashSecret(match[1])} and s.revoked_at is null and s.expires_at > now() limit 1`;
  if (!row) throw new HttpError(401, 'token non valido');
  // Il campanello dell'app legge un cookie e non conta nulla; una chiamata API conta per il suo token.
  if (counted) await countCall(match[1]);
  return row;
}

/** Il limite per token dell'app (lib/rate-limit/database-store.ts): lo stesso upsert, su una chiave tutta sua. */
async function countCall(token: string) {
  const now = new Date();
  const expire = new Date(now.getTime() + 60_000);
  const [row] = await sql<{ points: number }[]>`
    insert into "rate_limits" ("key", "points", "expire") values (${`bare-token:${hashSecret(token)}`}, ${1}, ${expire})
    on conflict ("key") do update set "points" = case when "rate_limits"."expire" <= ${now} then ${1} else "rate_limits"."points" + ${1} end,
      "expire" = case when "rate_limits"."expire" <= ${now} then ${expire} else "rate_limits"."expire" end
    returning "key", "points", "expire"`;
  if (row.points === 1) await sql`delete from "rate_limits" where "rate_limits"."expire" < ${new Date(now.getTime() - 3_600_000)}`;
}

const contactColumns = sql`id, camping_id, owner_id, first_name, last_name, email, phone_prefix, phone, language_id, nation_id, city, address, postal_code, notes, tags, source, newsletter_opt_out_at, email_suppressed_at, email_suppressed_reason, extra, search_text, phone_digits, created_at, updated_at, version, json_build_array(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id) as cursor`;

const encodeCursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decodeCursor(cursor: unknown): [string, string] | null {
  if (typeof cursor !== 'string' || cursor === '') return null;
  const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  if (!Array.isArray(values) || values.length !== 2) throw new HttpError(400, 'cursore non valido');
  return [String(values[0]), String(values[1])];
}

/** listContacts + countContacts (lib/contacts/search.ts), ordine "recenti", con ricerca facoltativa. */
async function contactsLazy(db: Tx, campsiteId: string, body: Json) {
  const limit = Math.min(100, Math.max(1, Number(body.limit ?? 25)));
  const search = typeof body.search === 'string' && body.search.trim() !== '' ? body.search.trim() : null;
  const position = decodeCursor(body.cursor);
  const matching = search
    ? sql`camping_id = ${campsiteId} and ctid = any(array(select found from crm_contacts_matching(array['%' || crm_search_text(${search}::text) || '%']::text[], array[null]::text[]) found))`
    : sql`camping_id = ${campsiteId}`;
  const after = position ? sql`and (created_at, id) < (${position[0]}::timestamptz, ${position[1]}::text)` : sql``;
  // In the app's transaction the two statements run one after the other on its one connection.
  const rows = await db<Json[]>`select ${contactColumns} from contacts where ${matching} ${after} order by created_at desc, id desc limit ${limit + 1}`;
  const [counted] = await db<{ count: string }[]>`select count(*) from (select 1 from contacts where ${matching} limit ${COUNT_CAP + 1}) matching`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const count = Number(counted.count);
  return {
    items: page.map((row) => ({ _id: row.id, nome: row.first_name, cognome: row.last_name, email: row.email, telefono: row.phone, date_creation: row.created_at })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursor) : null,
    total: Math.min(count, COUNT_CAP),
    totalCapped: count > COUNT_CAP,
  };
}

/** listQuotes (lib/quotes/queries.ts) filtrata per stato, prima pagina. */
async function quotesLazy(db: Tx, campsiteId: string, body: Json) {
  const limit = Math.min(100, Math.max(1, Number(body.limit ?? 25)));
  const progress = Array.isArray(body.progress) ? body.progress.map(String) : [];
  const state = sql`(case when q.progress in ${sql(OPEN_PROGRESS)} and q.valid_until < now() then 'scaduto' else q.progress end)`;
  const rows = await db<Json[]>`
    select q.id, q.name, ${state} as progress, q.tags, q.created_at, q.valid_until, c.id as contact_id, c.first_name, c.last_name, c.email,
      (select count(*)::int from quote_cards k where k.quote_id = q.id) as cards,
      (select min(k.total_cents)::int from quote_cards k where k.quote_id = q.id) as min_total,
      (select max(k.total_cents)::int from quote_cards k where k.quote_id = q.id) as max_total,
      q.created_at::text as cursor_at
    from quotes q inner join contacts c on (c.id = q.contact_id and c.camping_id = q.camping_id)
    where q.camping_id = ${campsiteId} ${progress.length > 0 ? sql`and ${state} in ${sql(progress)}` : sql``}
    order by q.created_at desc, q.id desc limit ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
    items: page.map((row) => ({
      _id: row.id, name: row.name, progress: row.progress, tags: row.tags, date_creation: row.created_at, scadenza: row.valid_until, contact: row.contact_id,
      cliente: { _id: row.contact_id, nome: row.first_name, cognome: row.last_name, email: row.email },
      schede: row.cards, totaleMinimo: row.min_total === null ? null : Number(row.min_total) / 100, totaleMassimo: row.max_total === null ? null : Number(row.max_total) / 100,
    })),
  };
}

const contactRowColumns = sql`"id", "camping_id", "owner_id", "first_name", "last_name", "email", "phone_prefix", "phone", "language_id", "nation_id", "city", "address", "postal_code", "notes", "tags", "source", "newsletter_opt_out_at", "email_suppressed_at", "email_suppressed_reason", "extra", "search_text", "phone_digits", "created_at", "updated_at", "version"`;

/** updateContact (lib/contacts/service.ts) con il solo campo note: le stesse query, nella stessa transazione. */
async function editContact(db: Tx, campsiteId: string, id: string, body: Json) {
  await db`select "personalized_tags" from "campsites" where "campsites"."id" = ${campsiteId}`;
  // The service's own transaction is a savepoint of the request's scope.
  const updated = await db.savepoint(async (tx) => {
    const [current] = await tx<Json[]>`select ${contactRowColumns} from "contacts" where ("contacts"."id" = ${id} and "contacts"."camping_id" = ${campsiteId}) for update`;
    if (!current) throw new HttpError(404, 'cliente non trovato');
    if (current.language_id !== null) await tx`select "id" from "languages" where "languages"."id" = ${current.language_id as number}`;
    if (current.nation_id !== null) await tx`select "id" from "nations" where "nations"."id" = ${current.nation_id as number}`;
    const [row] = await tx<Json[]>`
      update "contacts" set "first_name" = ${current.first_name as string}, "last_name" = ${current.last_name as string}, "email" = ${current.email as string},
        "phone_prefix" = ${current.phone_prefix as string}, "phone" = ${current.phone as string}, "language_id" = ${current.language_id as number},
        "nation_id" = ${current.nation_id as number}, "city" = ${current.city as string}, "address" = ${current.address as string},
        "postal_code" = ${current.postal_code as string}, "notes" = ${String(body.note ?? current.notes ?? '')}, "tags" = ${sql.json(current.tags as string[])},
        "updated_at" = ${new Date()}, "version" = "contacts"."version" + 1
      where ("contacts"."id" = ${id} and "contacts"."camping_id" = ${campsiteId}) returning ${contactRowColumns}`;
    return row;
  });
  return { _id: updated.id, nome: updated.first_name, cognome: updated.last_name, email: updated.email, note: updated.notes, __v: updated.version };
}

/** buildGuestQuoteView (lib/public-quotes/view.ts) per schede senza tipologia né immagini, come quelle del benchmark. */
async function guestView(db: Tx, contactId: string, quoteId: string, campsiteId: string) {
  const [row] = await db<Json[]>`
    select q.id, q.name, q.progress, q.valid_until, q.accepted_card_idx, q.language_id, q.camping_id, q.contact_id, q.owner_id, q.progress_changed_at, q.tags,
      q.reminder_enabled, q.reminder_sent_at, q.sent_at, q.read_at, q.accepted_at, q.refused_at, q.refusal_reason, q.resources, q.booking_year, q.booking_number,
      q.search_text, q.created_at, q.updated_at, q.version, c.*, k.id as campsite_id, k.name as campsite_name, k.lucee, k.platform_camp_id, k.url_to_cv,
      k.mailjet_api_key, k.mailjet_secret, k.monthly_email_sent, k.discount_only_on_unit, k.reminder_days, k.personalized_tags, k.personalized_quote_tags,
      k.opening_hours, k.contacts as campsite_contacts, k.occupancy_scale, k.contact_form_fields, k.localization
    from "quotes" q inner join "contacts" c on (c."id" = q."contact_id" and c."camping_id" = q."camping_id") inner join "campsites" k on k."id" = q."camping_id"
    where (q."id" = ${quoteId} and q."camping_id" = ${campsiteId} and q."contact_id" = ${contactId})`;
  if (!row) throw new HttpError(404, 'preventivo non trovato');
  const cards = await db<Json[]>`
    select "id", "camping_id", "quote_id", "idx", "typology_id", "typology_name", "arrival", "departure", "people", "vehicles", "services", "price_list_id",
      "offer_id", "offer_name", "price_lines", "subtotal_cents", "discount_cents", "discount_basis_points", "discount_only_on_unit", "total_cents", "text",
      "image_ids", "created_at", "updated_at"
    from "quote_cards" where ("quote_cards"."quote_id" = ${quoteId} and "quote_cards"."camping_id" = ${campsiteId}) order by "quote_cards"."idx" asc`;
  await db`
    select q.id, q.quote_id, q.question_id, q.card_idx, q.body, q.created_at, q.mail_trace_id, u.name from quote_questions q left join users u on u.id = q.author_user_id
    where (q.camping_id = ${campsiteId} and q.quote_id = ${quoteId}) order by q.created_at asc, q.id asc limit ${500}`;
  return {
    campsite: { id: row.campsite_id, name: row.campsite_name, contacts: row.campsite_contacts },
    guest: { firstName: row.first_name, lastName: row.last_name },
    quote: { id: quoteId, name: row.name, progress: row.progress, validUntil: row.valid_until, acceptedCardIdx: row.accepted_card_idx },
    cards: cards.map((card) => ({ id: card.id, idx: card.idx, typologyName: card.typology_name, totalCents: card.total_cents })),
  };
}

const cachedViews = new Map<string, string>();

/** La pagina dell'ospite: la prima visita esegue le query, la seconda risponde dalla Map (come la cache dell'app). */
async function sendGuestView(path: string, response: ServerResponse) {
  const parts = path.split('/').filter(Boolean);
  let json = cachedViews.get(path);
  if (!json) {
    json = JSON.stringify(await scoped(parts[3], (tx) => guestView(tx, parts[1], parts[2], parts[3])));
    cachedViews.set(path, json);
  }
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

/** L'esportazione CSV: lo stesso COPY dell'app, copiato così com'è nella risposta. */
async function sendExport(request: IncomingMessage, response: ServerResponse) {
  const { campsiteId } = await tenantOf(request);
  await scoped(campsiteId, async (tx) => {
    const copy: Readable = await tx.unsafe(exportCopyStatement(contactConditions(campsiteId, {}), 'recenti')).readable();
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    await pipeline(copy, response);
  });
}

/** loginWithPassword + openSession + recentLogins (lib/auth/service.ts), senza i limiti di tentativi. */
async function login(body: Json, ip: string | null) {
  const email = String(body.email ?? '').trim().toLowerCase();
  const [user] = await sql<{ id: string; camping_id: string; password_hash: string }[]>`select * from users where email = ${email} limit 1`;
  if (!user || !(await verifyPassword(user.password_hash, String(body.password ?? '')))) throw new HttpError(400, 'credenziali non valide');
  const secret = randomBytes(32).toString('base64url');
  await sql`insert into sessions (id, camping_id, user_id, kind, token_hash, ip, expires_at) values (${newId()}, ${user.camping_id}, ${user.id}, 'api', ${hashSecret(secret)}, ${ip}, now() + interval '30 days')`;
  await sql`update users set last_login_at = now() where id = ${user.id}`;
  await sql`insert into user_logins (id, camping_id, user_id, method, ip) values (${newId()}, ${user.camping_id}, ${user.id}, 'api', ${ip})`;
  const logins = await sql`select created_at as at from user_logins where camping_id = ${user.camping_id} and user_id = ${user.id} order by at desc limit 10`;
  return { token: secret, user: { _id: user.id, email, logins: logins.map((row) => row.at) } };
}

/** notificationStamp (lib/notifications/service.ts): la risposta del campanello, una sola query. */
async function bell(db: Tx, campsiteId: string) {
  const [row] = await db<{ unread: number; outstanding: number; created_at: Date | null; id: string | null }[]>`
    select unread, outstanding, n.created_at, n.id from (
      select count(*)::int as unread, (count(*) filter (where "group" in ('richiesta', 'accettazione')))::int as outstanding
      from notifications where camping_id = ${campsiteId} and read_at is null) u
    left join (select created_at, id from notifications where camping_id = ${campsiteId} order by created_at desc, id desc limit 1) n on true`;
  const newestAt = row?.created_at ? new Date(row.created_at).getTime() : 0;
  return { stamp: `${row?.unread ?? 0}.${newestAt}.${row?.id ?? ''}`, unread: row?.unread ?? 0, outstanding: row?.outstanding ?? 0 };
}

/** Come revalidatedJson dell'app: ETag sul corpo e 304 quando il browser ha già la stessa risposta. */
async function sendBell(request: IncomingMessage, response: ServerResponse) {
  const json = JSON.stringify(await inScope(await tenantOf(request, false), bell));
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  const headers = { 'cache-control': 'private, no-cache', etag };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

const inScope = <T>({ campsiteId }: { campsiteId: string }, work: (tx: Tx, campsiteId: string) => Promise<T>) => scoped(campsiteId, (tx) => work(tx, campsiteId));

async function route(request: IncomingMessage): Promise<unknown> {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method !== 'POST') throw new HttpError(405, 'metodo non ammesso');
  const body = await readJson(request);
  if (path === '/api/users/login') return login(body, request.socket.remoteAddress ?? null);
  if (path === '/api/getContact/lazy') return inScope(await tenantOf(request), (tx, id) => contactsLazy(tx, id, body));
  if (path === '/api/getQuote/lazy') return inScope(await tenantOf(request), (tx, id) => quotesLazy(tx, id, body));
  if (path.startsWith('/api/editContact/')) return inScope(await tenantOf(request), (tx, id) => editContact(tx, id, decodeURIComponent(path.slice('/api/editContact/'.length)), body));
  throw new HttpError(404, `chiamata sconosciuta: ${path}`);
}

function send(response: ServerResponse, status: number, value: unknown) {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const fail = (response: ServerResponse, error: unknown) =>
  send(response, error instanceof HttpError ? error.status : 500, { error: error instanceof Error ? error.message : String(error) });

const server = createServer((request, response) => {
  const path = request.url?.split('?')[0] ?? '/';
  // The floor beside the minimal Next app: the same tiny JSON, nothing else.
  if (request.method === 'GET' && path === '/ping') {
    send(response, 200, { ok: true });
    return;
  }
  if (request.method === 'GET' && path === '/notifiche/stato') {
    sendBell(request, response).catch((error: unknown) => fail(response, error));
    return;
  }
  if (request.method === 'GET' && path.startsWith('/visualizzaPreventivo/')) {
    sendGuestView(path, response).catch((error: unknown) => fail(response, error));
    return;
  }
  if (request.method === 'POST' && path === '/api/exportContacts') {
    sendExport(request, response).catch((error: unknown) => fail(response, error));
    return;
  }
  route(request).then(
    (value) => send(response, 200, value),
    (error: unknown) => fail(response, error),
  );
});
server.listen(port, '127.0.0.1', () => console.log(`server nudo in ascolto su http://127.0.0.1:${port}`));
const stop = () => server.close(() => void Promise.all([sql.end(), appSql.end()]).then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
