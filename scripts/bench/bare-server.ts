/**
 * Server nudo per `npm run bench:http`: node:http + postgres.js, nessun framework. Risponde alle
 * stesse chiamate dell'API legacy misurate dal benchmark con lo stesso SQL dell'app (catturato con
 * il logger di drizzle, vedi scripts/bench/log-sql.ts). Nessuna autenticazione oltre al token
 * bearer letto dall'intestazione e cercato nelle sessioni (la stessa query dell'app).
 * Avvio: DATABASE_URL=… BARE_PORT=3411 tsx scripts/bench/bare-server.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import postgres from 'postgres';
import { verifyPassword } from '../../lib/auth/passwords';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL mancante');
const port = Number(process.env.BARE_PORT ?? 3411);
// Come drizzle (postgres-js), che esegue ogni query senza nome (prepare: false): con istruzioni
// preparate PostgreSQL passerebbe a un piano generico dopo 5 esecuzioni, e la ricerca per
// frammento (like con crm_search_text di un parametro) andrebbe più lenta che nell'app.
const sql = postgres(url, { max: 32, prepare: false, onnotice: () => {} });

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
async function tenantOf(request: IncomingMessage): Promise<{ campsiteId: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec((request.headers.authorization ?? '').trim());
  if (!match) throw new HttpError(401, 'token mancante');
  const [row] = await sql<{ campsiteId: string }[]>`
    select s.id as "sessionId", s.last_seen_at, u.id as "userId", u.camping_id as "campsiteId", u.email, u.is_admin, u.is_operator, u.pack_level
    from sessions s inner join users u on u.id = s.user_id
    where s.token_hash = ${hashSecret(match[1])} and s.revoked_at is null and s.expires_at > now() limit 1`;
  if (!row) throw new HttpError(401, 'token non valido');
  return row;
}

const contactColumns = sql`id, camping_id, owner_id, first_name, last_name, email, phone_prefix, phone, language_id, nation_id, city, address, postal_code, notes, tags, source, newsletter_opt_out_at, extra, search_text, phone_digits, created_at, updated_at, version, json_build_array(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id) as cursor`;

const encodeCursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decodeCursor(cursor: unknown): [string, string] | null {
  if (typeof cursor !== 'string' || cursor === '') return null;
  const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  if (!Array.isArray(values) || values.length !== 2) throw new HttpError(400, 'cursore non valido');
  return [String(values[0]), String(values[1])];
}

/** listContacts + countContacts (lib/contacts/search.ts), ordine "recenti", con ricerca facoltativa. */
async function contactsLazy(campsiteId: string, body: Json) {
  const limit = Math.min(100, Math.max(1, Number(body.limit ?? 25)));
  const search = typeof body.search === 'string' && body.search.trim() !== '' ? body.search.trim() : null;
  const position = decodeCursor(body.cursor);
  const matching = search
    ? sql`camping_id = ${campsiteId} and search_text like '%' || crm_search_text(${search}::text) || '%'`
    : sql`camping_id = ${campsiteId}`;
  const after = position ? sql`and (created_at, id) < (${position[0]}::timestamptz, ${position[1]}::text)` : sql``;
  const [rows, [counted]] = await Promise.all([
    sql<Json[]>`select ${contactColumns} from contacts where ${matching} ${after} order by created_at desc, id desc limit ${limit + 1}`,
    sql<{ count: string }[]>`select count(*) from (select 1 from contacts where ${matching} limit ${COUNT_CAP + 1}) matching`,
  ]);
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
async function quotesLazy(campsiteId: string, body: Json) {
  const limit = Math.min(100, Math.max(1, Number(body.limit ?? 25)));
  const progress = Array.isArray(body.progress) ? body.progress.map(String) : [];
  const state = sql`(case when q.progress in ${sql(OPEN_PROGRESS)} and q.valid_until < now() then 'scaduto' else q.progress end)`;
  const rows = await sql<Json[]>`
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
async function bell(campsiteId: string) {
  const [row] = await sql<{ unread: number; outstanding: number; created_at: Date | null; id: string | null }[]>`
    select unread, outstanding, n.created_at, n.id from (
      select count(*)::int as unread, (count(*) filter (where "group" in ('richiesta', 'accettazione')))::int as outstanding
      from notifications where camping_id = ${campsiteId} and read_at is null) u
    left join (select created_at, id from notifications where camping_id = ${campsiteId} order by created_at desc, id desc limit 1) n on true`;
  const newestAt = row?.created_at ? new Date(row.created_at).getTime() : 0;
  return { stamp: `${row?.unread ?? 0}.${newestAt}.${row?.id ?? ''}`, unread: row?.unread ?? 0, outstanding: row?.outstanding ?? 0 };
}

/** Come revalidatedJson dell'app: ETag sul corpo e 304 quando il browser ha già la stessa risposta. */
async function sendBell(request: IncomingMessage, response: ServerResponse) {
  const json = JSON.stringify(await bell((await tenantOf(request)).campsiteId));
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

async function route(request: IncomingMessage): Promise<unknown> {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method !== 'POST') throw new HttpError(405, 'metodo non ammesso');
  const body = await readJson(request);
  if (path === '/api/users/login') return login(body, request.socket.remoteAddress ?? null);
  if (path === '/api/getContact/lazy') return contactsLazy((await tenantOf(request)).campsiteId, body);
  if (path === '/api/getQuote/lazy') return quotesLazy((await tenantOf(request)).campsiteId, body);
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
  if (request.method === 'GET' && request.url?.split('?')[0] === '/notifiche/stato') {
    sendBell(request, response).catch((error: unknown) => fail(response, error));
    return;
  }
  route(request).then(
    (value) => send(response, 200, value),
    (error: unknown) => fail(response, error),
  );
});
server.listen(port, '127.0.0.1', () => console.log(`server nudo in ascolto su http://127.0.0.1:${port}`));
const stop = () => server.close(() => void sql.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
