/**
 * Benchmark HTTP: l'app di produzione (`next start`) accanto a un server nudo (node:http +
 * postgres.js, scripts/bench/bare-server.ts) sugli stessi dati e con lo stesso SQL.
 * Avvio: `npm run bench:http` con DATABASE_URL (PostgreSQL): applica le migrazioni, popola il
 * database se è vuoto (db/seed.ts) e aggiunge i dati di prova. Variabili: BENCH_CONTACTS (200000),
 * BENCH_QUOTES (600000), BENCH_SECONDS (5 per giro). L'app riceve API_TOKEN_CALLS_PER_MINUTE alto,
 * così il limite per token non ferma i giri (il conteggio resta, e il server nudo fa lo stesso).
 * Stampa le tabelle (chiamate, pagine con sessione, esportazione CSV, memoria) e le aggiunge a
 * docs/benchmarks.md.
 */
import '../load-env';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { encode } from 'next-auth/jwt';
import { DEMO_LOGINS } from '../../db/seed/logins';
import { load, median, requestOf, type Call, type Round, type Side } from './http-load';
import { download, firstLoadJs, heapSummary, memorySampler, renderTimes, rssMb, settledRss } from './http-measures';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 600_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const APP_PORT = 3410;
const BARE_PORT = 3411;
const STAFF = 'staff@lagoazzurro.test';
const root = path.resolve(import.meta.dirname, '../..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Serve DATABASE_URL (PostgreSQL), per esempio postgres://postgres@127.0.0.1:5432/crm_bench');
const sql = postgres(url, { onnotice: () => {} });
const children: ChildProcess[] = [];
let stopping = false;


/** Un clone pulito: le migrazioni sempre (idempotenti), i dati dimostrativi se il database è vuoto. */
async function ensureSeeded(): Promise<string> {
  const env = { ...process.env, DATABASE_URL: url };
  execSync('npx tsx db/migrate.ts', { cwd: root, stdio: 'inherit', env });
  const find = () => sql<{ id: string }[]>`select id from campsites where name = 'Camping Lago Azzurro'`;
  if ((await find()).length === 0) execSync('npx tsx db/seed.ts', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  const [camp] = await find();
  if (!camp) throw new Error('Campeggio "Camping Lago Azzurro" assente anche dopo db/seed.ts');
  return camp.id;
}

/** Contatti e preventivi di prova nel campeggio Lago Azzurro, generati nel database (idempotente). */
async function ensureData(): Promise<string> {
  const id = await ensureSeeded();
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
  // Vacuumed too: right after a large insert the visibility map is empty (no index-only scans) and
  // autovacuum would start during the measurements.
  for (const table of ['contacts', 'quotes', 'quote_cards']) await sql.unsafe(`vacuum (analyze) ${table}`);
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

/**
 * Preventivi mai visti per la prima visita della pagina dell'ospite: nuovi a ogni esecuzione (la
 * cache dell'app resta su disco tra un'esecuzione e l'altra), cancellati alla fine.
 */
// The bare server answers some 2,500 first views a second, the app far fewer: each its own range.
const VIEW_RANGES = { nudo: [0, 100_000], app: [100_000, 130_000] } as const;
const VIEW_QUOTES = VIEW_RANGES.app[1];
const viewRun = randomBytes(4).toString('hex');
const viewQuoteId = (index: number) => `benchview-${viewRun}-${index}`;
const viewContactId = (index: number) => `benchhttp-c${1 + (index % CONTACTS)}`;

async function addViewQuotes(campsiteId: string) {
  await sql`
    insert into quotes (id, camping_id, contact_id, progress, created_at, valid_until)
    select ${`benchview-${viewRun}-`} || g, ${campsiteId}, 'benchhttp-c' || (1 + g % ${CONTACTS}::int), 'inviato', now(), now() + interval '30 days'
    from generate_series(0, ${VIEW_QUOTES - 1}::int) g`;
  await sql`
    insert into quote_cards (id, camping_id, quote_id, idx, typology_name, arrival, departure, total_cents)
    select ${`benchview-${viewRun}-k`} || g, ${campsiteId}, ${`benchview-${viewRun}-`} || g, 0, 'Bungalow Lago', '2027-07-01', '2027-07-08', 84000
    from generate_series(0, ${VIEW_QUOTES - 1}::int) g`;
}

async function dropViewQuotes() {
  await sql`delete from quote_cards where quote_id like ${`benchview-${viewRun}-%`}`;
  await sql`delete from quotes where id like ${`benchview-${viewRun}-%`}`;
}

/** Un indirizzo diverso per ogni richiesta, come tanti ospiti dietro il proxy (il limite per indirizzo dell'app). */
const guestAddress = (index: number) => ({ 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` });

type Row = { label: string; rounds: { bare: Round; app: Round }[]; rssAfter: number };

function tableOf(rows: Row[]): string {
  const lines = rows.map(({ label, rounds, rssAfter }) => {
    const ratio = median(rounds.map((round) => round.app.rps / round.bare.rps));
    const pick = (side: 'bare' | 'app', key: 'rps' | 'p50' | 'p99') => median(rounds.map((round) => round[side][key]));
    const errors = rounds.reduce((sum, round) => sum + round.app.errors + round.bare.errors, 0);
    return `| ${label}${errors ? ` (${errors} errori)` : ''} | ${pick('bare', 'rps').toFixed(0)} | ${pick('app', 'rps').toFixed(0)} | ${ratio.toFixed(2)} | ${pick('app', 'p50')} ms | ${pick('app', 'p99')} ms | ${pick('bare', 'p50')} ms | ${pick('bare', 'p99')} ms | ${rssAfter.toFixed(0)} MB |`;
  });
  return ['| chiamata | nudo req/s | app req/s | rapporto | p50 app | p99 app | p50 nudo | p99 nudo | RSS app dopo |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
}

/** Controlla che i due server diano la stessa risposta (per gli elenchi: gli _id, il totale e il cursore). */
async function sameAnswer(call: Call, sides: Side[]): Promise<void> {
  if (!call.same) return;
  const answers = await Promise.all(
    sides.map(async (side) => {
      const { url: target, ...init } = requestOf(side, call, 0);
      return call.same!(await (await fetch(target, init)).json());
    }),
  );
  if (answers[0] !== answers[1]) throw new Error(`${call.label}: il server nudo e l'app non danno la stessa risposta`);
}

const pageOf = (body: unknown) => {
  const page = body as { items: { _id: string }[]; total?: number; nextCursor: string | null };
  return JSON.stringify([page.items.map((item) => item._id), page.total ?? null, page.nextCursor]);
};

async function main() {
  const load0 = os.loadavg();
  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  console.log(`Benchmark HTTP: ${CONTACTS} contatti e ${QUOTES} preventivi di prova nel campeggio Lago Azzurro`);
  const campsiteId = await ensureData();
  const deep = await deepCursor(campsiteId);
  await addViewQuotes(campsiteId);
  for (const table of ['quotes', 'quote_cards']) await sql.unsafe(`vacuum (analyze) ${table}`);
  // The production build of these sources: built again when a source is newer than it.
  execSync('bash scripts/ensure-build.sh', { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const secret = () => randomBytes(32).toString('base64url');
  const authSecret = secret();
  const heapDir = mkdtempSync(path.join(os.tmpdir(), 'bench-heap-'));
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production' as const, DATABASE_URL: url, AUTH_SECRET: authSecret, DATA_ENCRYPTION_KEY: secret(),
    APP_URL: `http://127.0.0.1:${APP_PORT}`, NEXT_TELEMETRY_DISABLED: '1', JOBS_IN_SERVER: '0', TRUST_PROXY: '1',
    // The per-token limit (600 a minute by default) would cut every round short; it is still counted.
    API_TOKEN_CALLS_PER_MINUTE: '1000000000',
    // At the end, a heap snapshot says what the memory that stays is.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${heapDir}`.trim(),
  };
  // A server left over from an earlier run would be measured in place of this build.
  for (const port of [APP_PORT, BARE_PORT]) {
    const taken = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (taken) throw new Error(`La porta ${port} è già occupata: ferma il server rimasto da un'esecuzione precedente.`);
  }
  const appProcess = start('app', process.execPath, ['server.mjs', '--port', String(APP_PORT), '--hostname', '127.0.0.1'], appEnv);
  start('server nudo', process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { ...process.env, DATABASE_URL: url, BARE_PORT: String(BARE_PORT) });
  const app = `http://127.0.0.1:${APP_PORT}`;
  const bare = `http://127.0.0.1:${BARE_PORT}`;
  await Promise.all([waitFor(app, 'app'), waitFor(bare, 'server nudo')]);
  const memory = { started: rssMb(appProcess.pid!), sampler: memorySampler(appProcess.pid!) };
  const appSide: Side = { name: 'app', base: app, token: await login(app), cookie: await webCookie(authSecret) };
  const bareSide: Side = { name: 'nudo', base: bare, token: await login(bare) };
  const sides = [bareSide, appSide];
  // Staff pages with a session, one request at a time, before the load rounds leave the heap
  // full and the database's caches busy: the server's time per render.
  const pages: string[] = ['| pagina (con sessione) | p50 | p90 | stato |', '|---|---:|---:|---:|'];
  for (const page of ['/clienti', '/dashboard']) {
    const timed = await renderTimes(`${app}${page}`, appSide.cookie!);
    pages.push(`| ${page} | ${timed.p50.toFixed(1)} ms | ${timed.p90.toFixed(1)} ms | ${timed.status} |`);
    console.log(pages.at(-1));
  }

  const viewPath = (index: number) => `/visualizzaPreventivo/${viewContactId(index)}/${viewQuoteId(index)}/${campsiteId}`;
  const guestHtml = await (await fetch(`${app}${viewPath(VIEW_QUOTES - 1)}`)).text();
  const js = await firstLoadJs(app, guestHtml);
  const guestPage = `Pagina dell’ospite: HTML ${(Buffer.byteLength(guestHtml) / 1024).toFixed(1)} KB; JavaScript al primo caricamento ${js.files} file, ${js.rawKb.toFixed(0)} KB, ${js.gzipKb.toFixed(0)} KB con gzip (esclusi ${js.skipped} script noModule).`;
  console.log(guestPage);

  // Each side's own ETag of the unchanged bell: the poll then asks with If-None-Match, as the browser does.
  const etags = new Map<string, string>();
  for (const side of sides) {
    const bell: Call = { label: '', method: 'GET', path: () => '/notifiche/stato', auth: 'cookie' };
    const { url: target, ...init } = requestOf(side, bell, 0);
    etags.set(side.name, (await fetch(target, init)).headers.get('etag') ?? '');
  }
  // Each side its own half of the quotes never seen, so that every first view is one.
  const nextView: Record<Side['name'], number> = { nudo: VIEW_RANGES.nudo[0], app: VIEW_RANGES.app[0] };
  const password = DEMO_LOGINS.find((entry) => entry.email === STAFF)?.password;
  const calls: Call[] = [
    // The floor: what each server costs for a call that does nothing (no session, no query).
    { label: 'pavimento: chiamata sconosciuta (404, nessuna query)', method: 'POST', path: () => '/api/nonExistentCall', auth: 'none', expectedStatus: 404 },
    { label: 'clienti, prima pagina', method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25 }, auth: 'token', same: pageOf },
    { label: `clienti, pagina profonda (riga ${deep.row})`, method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25, cursor: deep.cursor }, auth: 'token', same: pageOf },
    { label: 'clienti, ricerca "muller"', method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25, search: 'muller' }, auth: 'token', same: pageOf },
    { label: 'preventivi inviati', method: 'POST', path: () => '/api/getQuote/lazy', body: { progress: ['inviato'], limit: 25 }, auth: 'token', same: pageOf },
    {
      label: 'modifica di un cliente (ogni volta un altro)',
      method: 'POST',
      path: (_side, index) => `/api/editContact/benchhttp-c${1 + ((index * 7919) % CONTACTS)}`,
      body: { note: 'Chiede una piazzola ombreggiata' },
      auth: 'token',
    },
    {
      label: 'campanello invariato (304)',
      method: 'GET',
      path: () => '/notifiche/stato',
      auth: 'cookie',
      headers: (side) => ({ 'if-none-match': etags.get(side.name) ?? '' }),
    },
    {
      label: "pagina dell'ospite, prima visita",
      method: 'GET',
      path: (_side, index) => viewPath(index),
      auth: 'none',
      headers: (_side, index) => guestAddress(index),
      fresh: true,
    },
    {
      label: "pagina dell'ospite, in cache",
      method: 'GET',
      path: () => viewPath(VIEW_QUOTES - 1),
      auth: 'none',
      headers: (_side, index) => guestAddress(index),
    },
    { label: 'login', method: 'POST', path: () => '/api/users/login', body: { email: STAFF, password }, auth: 'none', connections: 4 },
  ];
  const rows: Row[] = [];
  for (const call of calls) {
    // Warm-up (JIT, the caches of language and nation names): a few calls to each.
    for (const side of sides) {
      for (let i = 0; i < 3; i++) {
        const first = call.fresh ? nextView[side.name]++ : i;
        const { url: target, ...init } = requestOf(side, call, first);
        const response = await fetch(target, init);
        await response.text();
        if (response.status >= 400 && response.status !== call.expectedStatus) throw new Error(`${call.label}: ${target} risponde ${response.status}`);
      }
    }
    await sameAnswer(call, sides);
    const rounds: Row['rounds'] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured: Round[] = [];
      for (const side of sides) {
        const round = await load(side, call, call.fresh ? nextView[side.name] : 0);
        // autocannon does not say how many paths it used: past every request it could have sent.
        if (call.fresh) nextView[side.name] += Math.ceil(round.rps * SECONDS * 1.5) + 100;
        measured.push(round);
      }
      const [bareRound, appRound] = measured;
      rounds.push({ bare: bareRound, app: appRound });
    }
    rows.push({ label: call.label, rounds, rssAfter: rssMb(appProcess.pid!) });
    console.log(tableOf([rows.at(-1)!]).split('\n').at(-1));
  }
  if (nextView.nudo > VIEW_RANGES.nudo[1] || nextView.app > VIEW_RANGES.app[1]) console.warn('Attenzione: preventivi per la prima visita esauriti, alcune visite erano già in cache.');

  // The CSV export of every contact: the app's file against the bare COPY of the same select.
  const exportRounds: { app: number; bare: number; appBytes: number; growth: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRun = await download(`${bare}/api/exportContacts`, { method: 'POST', headers: { authorization: `Bearer ${bareSide.token}` } });
    const before = rssMb(appProcess.pid!);
    memory.sampler.reset();
    const appRun = await download(`${app}/api/exportContacts`, { method: 'POST', headers: { authorization: `Bearer ${appSide.token}`, 'content-type': 'application/json' }, body: '{}' });
    exportRounds.push({ app: appRun.ms, bare: bareRun.ms, appBytes: appRun.bytes, growth: memory.sampler.peak() - before });
  }
  const exportLine = (() => {
    const pick = (key: 'app' | 'bare' | 'growth') => median(exportRounds.map((round) => round[key]));
    const ratio = median(exportRounds.map((round) => round.bare / round.app));
    return `| esportazione CSV di tutti i clienti | ${(pick('bare') / 1000).toFixed(2)} s | ${(pick('app') / 1000).toFixed(2)} s | ${ratio.toFixed(2)} | ${(exportRounds[0].appBytes / 1e6).toFixed(1)} MB | +${pick('growth').toFixed(0)} MB |`;
  })();
  const exportTable = ['| chiamata | COPY nudo | app | rapporto | file | memoria in più (picco) |', '|---|---:|---:|---:|---:|---:|', exportLine].join('\n');
  console.log(exportLine);

  const peak = Math.max(memory.sampler.peak(), rssMb(appProcess.pid!));
  memory.sampler.stop();
  const settled = await settledRss(appProcess.pid!, 30);
  const heap = await heapSummary(appProcess.pid!, heapDir);
  rmSync(heapDir, { recursive: true, force: true });
  const memoryLine = `Memoria dell'app (RSS): ${memory.started.toFixed(0)} MB dopo l'avvio, ${peak.toFixed(0)} MB al picco, ${settled.toFixed(0)} MB dopo il carico (il minimo dei 30 s seguenti). Heap JavaScript a quel punto: ${heap.totalMb.toFixed(0)} MB (${heap.top}).`;
  console.log(memoryLine);

  const load1 = os.loadavg();
  const fmt = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const table = tableOf(rows);
  console.log(`\n${table}\n\ncarico medio (1/5/15 min): inizio ${fmt(load0)}, fine ${fmt(load1)}`);
  const docs = path.join(root, 'docs/benchmarks.md');
  const heading = '## HTTP: app e server nudo (`npm run bench:http`)';
  const section = readFileSync(docs, 'utf8').includes(heading) ? '' : `\n${heading}\n\nVedi il metodo qui sopra.\n`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(
    docs,
    `${section}\n### ${date} UTC, commit ${commit}\n\n${CONTACTS} contatti e ${QUOTES} preventivi di prova; giri di ${SECONDS} s; carico medio (1/5/15 min) inizio ${fmt(load0)}, fine ${fmt(load1)}; ${os.cpus().length} CPU.\n\n${table}\n\n${pages.join('\n')}\n\n${guestPage}\n\n${exportTable}\n\n${memoryLine}\n`,
  );
  console.log('Risultati aggiunti a docs/benchmarks.md');
}

try {
  await main();
} finally {
  stopAll();
  await dropViewQuotes().catch(() => {});
  await sql.end();
}
