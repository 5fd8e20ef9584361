/**
 * Benchmark HTTP: l'app di produzione (`next start`) accanto a un server nudo (node:http +
 * postgres.js, scripts/bench/bare-server.ts) sugli stessi dati e con lo stesso SQL.
 * Avvio: `npm run bench:http` con DATABASE_URL (PostgreSQL). Variabili: BENCH_CONTACTS (200000),
 * BENCH_QUOTES (600000), BENCH_SECONDS (5 per giro). L'app riceve API_TOKEN_CALLS_PER_MINUTE alto,
 * così il limite per token non entra nella misura.
 * Stampa la tabella e la aggiunge a docs/benchmarks.md.
 */
import '../load-env';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { encode } from 'next-auth/jwt';
import { DEMO_LOGINS } from '../../db/seed/logins';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 600_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 32;
const APP_PORT = 3410;
const BARE_PORT = 3411;
const STAFF = 'staff@lagoazzurro.test';
const root = path.resolve(import.meta.dirname, '../..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Serve DATABASE_URL (PostgreSQL), per esempio postgres://postgres@127.0.0.1:5432/crm_bench');
const sql = postgres(url, { onnotice: () => {} });
const children: ChildProcess[] = [];
let stopping = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Contatti e preventivi di prova nel campeggio Lago Azzurro, generati nel database (idempotente). */
async function ensureData(): Promise<string> {
  const [camp] = await sql<{ id: string }[]>`select id from campsites where name = 'Camping Lago Azzurro'`;
  if (!camp) throw new Error('Campeggio "Camping Lago Azzurro" assente: eseguire prima db/seed.ts');
  const id = camp.id;
  const [{ contacts }] = await sql<{ contacts: number }[]>`select count(*)::int as contacts from contacts where camping_id = ${id} and id like 'benchhttp-c%'`;
  for (let done = contacts; done < CONTACTS; done += 20_000) {
    const last = Math.min(CONTACTS, done + 20_000);
    await sql`
      insert into contacts (id, camping_id, first_name, last_name, email, phone_prefix, phone, language_id, nation_id, created_at)
      select 'benchhttp-c' || g, ${id},
        (array['Marco','Giulia','Luca','Sara','Andrea','Francesca','Matteo','Chiara','Anna','Jonas','Lena','Maximilian','Sophie','Lukas','Emma','Oliver','Amelia','Jack','Isla','Niccolò','Jürgen','Zoë'])[1 + (random() * 21)::int],
        (array['Rossi','Russo','Ferrari','Esposito','Bianchi','Romano','Colombo','Ricci','Marino','Greco','Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Smith','Jones','Taylor','Brown','Williams','De Luca','Gallo','Conti','Costa','Bruno','Fontana'])[1 + (random() * 27)::int],
        'ospite' || g || '@example.' || (array['com','org','net'])[1 + (random() * 2)::int],
        '+39', '3' || lpad(((random() * 999999999)::bigint)::text, 9, '0'),
        (array[1,1,1,3,3,2])[1 + (random() * 5)::int], (array[1,1,1,2,3,5,7])[1 + (random() * 6)::int],
        now() - (random() * interval '900 days')
      from generate_series(${done + 1}::int, ${last}::int) g on conflict do nothing`;
    process.stdout.write(`\r  contatti inseriti: ${last}/${CONTACTS}`);
  }
  if (contacts < CONTACTS) process.stdout.write('\n');
  const [{ quotes }] = await sql<{ quotes: number }[]>`select count(*)::int as quotes from quotes where camping_id = ${id} and id like 'benchhttp-q%'`;
  const pool = Math.max(1, Math.min(CONTACTS, contacts > CONTACTS ? contacts : CONTACTS));
  for (let done = quotes; done < QUOTES; done += 50_000) {
    const last = Math.min(QUOTES, done + 50_000);
    await sql`
      insert into quotes (id, camping_id, contact_id, progress, created_at, valid_until, accepted_card_idx)
      select 'benchhttp-q' || g, ${id}, 'benchhttp-c' || (1 + g % ${pool}::int), p.progress, p.created_at,
        case when random() < 0.2 then p.created_at + interval '20 days' end,
        case when p.progress in ('accettato', 'convertito') then 0 end
      from generate_series(${done + 1}::int, ${last}::int) g
      cross join lateral (select (array['richiesta','bozza','nuovo','inviato','letto','accettato','rifiutato','convertito','non convertito','scaduto'])[1 + floor(random() * 10)::int + (g * 0)] as progress,
        now() - random() * interval '1000 days' as created_at) p
      on conflict do nothing`;
    await sql`
      insert into quote_cards (id, camping_id, quote_id, idx, total_cents)
      select 'benchhttp-k' || g, ${id}, 'benchhttp-q' || g, 0, (50000 + random() * 400000)::int
      from generate_series(${done + 1}::int, ${last}::int) g on conflict do nothing`;
    process.stdout.write(`\r  preventivi inseriti: ${last}/${QUOTES}`);
  }
  if (quotes < QUOTES) process.stdout.write('\n');
  for (const table of ['contacts', 'quotes', 'quote_cards']) await sql.unsafe(`analyze ${table}`);
  return id;
}

/** Il cursore (formato di encodeCursor in lib/pagination.ts) della riga a metà elenco, al massimo la 100.000ª. */
async function deepCursor(campsiteId: string): Promise<{ cursor: string; row: number }> {
  const [{ total }] = await sql<{ total: number }[]>`select count(*)::int as total from contacts where camping_id = ${campsiteId}`;
  const row = Math.min(100_000, Math.floor(total / 2));
  const [found] = await sql<{ at: string; id: string }[]>`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from contacts
    where camping_id = ${campsiteId} order by created_at desc, id desc offset ${row - 1} limit 1`;
  return { cursor: Buffer.from(JSON.stringify([found.at, found.id])).toString('base64url'), row };
}

function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${label} uscito (codice ${code}, segnale ${signal}):\n${tail}`);
  });
  children.push(child);
  return child;
}

async function waitFor(base: string, label: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base}/api/users/login`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      return;
    } catch {
      await sleep(500);
    }
  }
  throw new Error(`${label} non risponde su ${base}`);
}

function stopAll() {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.pid) child.kill('SIGTERM');
}

async function login(base: string): Promise<string> {
  const password = DEMO_LOGINS.find((entry) => entry.email === STAFF)?.password;
  const response = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF, password }) });
  if (!response.ok) throw new Error(`login su ${base}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Il cookie di sessione dell'app per il campanello: una sessione web nel database e il JWT di
 * Auth.js firmato con l'AUTH_SECRET dato al server (quello che il login dal browser imposta).
 */
async function webCookie(secret: string): Promise<string> {
  const [user] = await sql<{ id: string; camping_id: string; pack_level: number }[]>`select id, camping_id, pack_level from users where email = ${STAFF}`;
  const sessionId = randomBytes(16).toString('base64url');
  await sql`insert into sessions (id, camping_id, user_id, kind, expires_at) values (${sessionId}, ${user.camping_id}, ${user.id}, 'web', now() + interval '1 day')`;
  const salt = 'authjs.session-token';
  const jwt = await encode({ token: { sub: user.id, email: STAFF, sid: sessionId, pl: user.pack_level }, secret, salt, maxAge: 24 * 60 * 60 });
  return `${salt}=${jwt}`;
}

type Call = { label: string; path: string; body?: unknown; token: boolean; method?: 'GET' | 'POST' };
type Round = { rps: number; p50: number; p99: number; errors: number };

/** Aspetta la finestra successiva del limite per token dell'app quando i permessi rimasti non bastano per un giro. */
type Side = { base: string; token: string; cookie?: string };

/** Indirizzo, metodo e intestazioni di una chiamata: il campanello dell'app con il cookie, quello del nudo con il token. */
function requestOf(side: Side, call: Call) {
  const bell = call.method === 'GET';
  const auth: Record<string, string> = bell && side.cookie ? { cookie: side.cookie } : call.token || bell ? { authorization: `Bearer ${side.token}` } : {};
  return {
    url: `${side.base}${bell ? '' : '/api'}${call.path}`,
    method: call.method ?? 'POST',
    headers: bell ? auth : { 'content-type': 'application/json', ...auth },
    body: bell ? undefined : JSON.stringify(call.body),
  };
}

async function load(side: Side, call: Call): Promise<Round> {
  const login = call.path === '/users/login';
  const started = performance.now();
  let lastResponse = started;
  const instance = autocannon({
    ...requestOf(side, call),
    // Il login ha un limite di 5 tentativi in corso per e-mail: 4 connessioni restano sotto.
    connections: login ? 4 : CONNECTIONS,
    duration: SECONDS,
  });
  instance.on('response', () => {
    lastResponse = performance.now();
  });
  const result = await instance;
  // autocannon conta a secondi interi: req/s è il totale ÷ il tempo fino all'ultima risposta, misurato qui.
  const seconds = (lastResponse - started) / 1000;
  return { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** Controlla che i due server diano le stesse righe (gli _id della pagina, il totale e il cursore). */
async function sameAnswer(call: Call, bareSide: Side, appSide: Side): Promise<void> {
  const answers = await Promise.all(
    [bareSide, appSide].map(async (side) => {
      const { url: target, ...init } = requestOf(side, call);
      const body = (await (await fetch(target, init)).json()) as { items: { _id: string }[]; total?: number; nextCursor: string | null };
      return JSON.stringify([body.items.map((item) => item._id), body.total ?? null, body.nextCursor]);
    }),
  );
  if (answers[0] !== answers[1]) throw new Error(`${call.label}: il server nudo e l'app non danno le stesse righe`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const load0 = os.loadavg();
  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  console.log(`Benchmark HTTP: ${CONTACTS} contatti e ${QUOTES} preventivi di prova nel campeggio Lago Azzurro`);
  const campsiteId = await ensureData();
  const deep = await deepCursor(campsiteId);
  // The production build of these sources: built again when a source is newer than it.
  execSync('bash scripts/ensure-build.sh', { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const secret = () => randomBytes(32).toString('base64url');
  const authSecret = secret();
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production' as const, DATABASE_URL: url, AUTH_SECRET: authSecret, DATA_ENCRYPTION_KEY: secret(),
    APP_URL: `http://127.0.0.1:${APP_PORT}`, NEXT_TELEMETRY_DISABLED: '1', JOBS_IN_SERVER: '0', TRUST_PROXY: '1',
    // The per-token limit (600 a minute by default) would cut every round short.
    API_TOKEN_CALLS_PER_MINUTE: '1000000000',
  };
  start('app', process.execPath, ['node_modules/next/dist/bin/next', 'start', '--port', String(APP_PORT), '--hostname', '127.0.0.1'], appEnv);
  start('server nudo', process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { ...process.env, DATABASE_URL: url, BARE_PORT: String(BARE_PORT) });
  const app = `http://127.0.0.1:${APP_PORT}`;
  const bare = `http://127.0.0.1:${BARE_PORT}`;
  await Promise.all([waitFor(app, 'app'), waitFor(bare, 'server nudo')]);
  const tokens = { app: await login(app), bare: await login(bare) };
  const appSide: Side = { base: app, token: tokens.app, cookie: await webCookie(authSecret) };
  const bareSide: Side = { base: bare, token: tokens.bare };
  const calls: Call[] = [
    { label: 'clienti, prima pagina', path: '/getContact/lazy', body: { limit: 25 }, token: true },
    { label: `clienti, pagina profonda (riga ${deep.row})`, path: '/getContact/lazy', body: { limit: 25, cursor: deep.cursor }, token: true },
    { label: 'clienti, ricerca "muller"', path: '/getContact/lazy', body: { limit: 25, search: 'muller' }, token: true },
    { label: 'preventivi inviati', path: '/getQuote/lazy', body: { progress: ['inviato'], limit: 25 }, token: true },
    { label: 'campanello (GET /notifiche/stato)', path: '/notifiche/stato', method: 'GET', token: false },
    { label: 'login', path: '/users/login', body: { email: STAFF, password: DEMO_LOGINS.find((entry) => entry.email === STAFF)?.password }, token: false },
  ];
  const lines: string[] = [];
  const header = '| chiamata | nudo req/s | app req/s | rapporto | p50 app | p99 app | p50 nudo | p99 nudo |';
  for (const call of calls) {
    const rounds: { bare: Round; app: Round }[] = [];
    // Riscaldamento (JIT, cache dei nomi di lingue e nazioni): alcune chiamate a ciascuno.
    for (const side of [bareSide, appSide]) {
      for (let i = 0; i < 3; i++) {
        const { url: target, ...init } = requestOf(side, call);
        const response = await fetch(target, init);
        await response.text();
        if (response.status >= 400) throw new Error(`${call.label}: ${target} risponde ${response.status}`);
      }
    }
    if (call.token) await sameAnswer(call, bareSide, appSide);
    for (let round = 0; round < ROUNDS; round++) {
      const bareRound = await load(bareSide, call);
      const appRound = await load(appSide, call);
      rounds.push({ bare: bareRound, app: appRound });
    }
    const ratio = median(rounds.map((round) => round.app.rps / round.bare.rps));
    const pick = (side: 'bare' | 'app', key: 'rps' | 'p50' | 'p99') => median(rounds.map((round) => round[side][key]));
    const errors = rounds.reduce((sum, round) => sum + round.app.errors + round.bare.errors, 0);
    const line = `| ${call.label}${errors ? ` (${errors} errori)` : ''} | ${pick('bare', 'rps').toFixed(0)} | ${pick('app', 'rps').toFixed(0)} | ${ratio.toFixed(2)} | ${pick('app', 'p50')} ms | ${pick('app', 'p99')} ms | ${pick('bare', 'p50')} ms | ${pick('bare', 'p99')} ms |`;
    lines.push(line);
    console.log(line);
  }
  const load1 = os.loadavg();
  const fmt = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const table = [header, '|---|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
  console.log(`\n${table}\n\ncarico medio (1/5/15 min): inizio ${fmt(load0)}, fine ${fmt(load1)}`);
  const docs = path.join(root, 'docs/benchmarks.md');
  const heading = '## HTTP: app e server nudo (`npm run bench:http`)';
  const section = readFileSync(docs, 'utf8').includes(heading) ? '' : `\n${heading}\n\nVedi il metodo qui sopra.\n`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(docs, `${section}\n### ${date} UTC, commit ${commit}\n\n${CONTACTS} contatti e ${QUOTES} preventivi di prova; giri di ${SECONDS} s; carico medio (1/5/15 min) inizio ${fmt(load0)}, fine ${fmt(load1)}; ${os.cpus().length} CPU.\n\n${table}\n`);
  console.log('Risultati aggiunti a docs/benchmarks.md');
}

try {
  await main();
} finally {
  stopAll();
  await sql.end();
}
