/**
 * Benchmark HTTP: l'app di produzione (`node server.mjs`) accanto a un server nudo (node:http +
 * postgres.js, scripts/bench/bare-server.ts) sugli stessi dati e con lo stesso SQL, e accanto a
 * un'app Next 16 minima (scripts/bench/minimal-next) per il pavimento del framework.
 * Come in produzione: PostgreSQL con il login non proprietario (DATABASE_APP_URL), ogni chiamata
 * nello scope del campeggio (anche sul server nudo), i job nel server (JOBS_IN_SERVER=1).
 * Avvio: `npm run bench:http` con DATABASE_URL (PostgreSQL): applica le migrazioni, popola il
 * database se è vuoto (db/seed.ts) e aggiunge i dati di prova (scripts/bench/bench-data.ts).
 * Variabili: BENCH_CONTACTS (200000), BENCH_QUOTES (600000), BENCH_SECONDS (5 per giro),
 * BENCH_APP_PORT/BENCH_BARE_PORT/BENCH_MINIMAL_PORT (3410/3411/3412), BENCH_ALLOW_SEQSCAN=1 (un
 * piano con scansione sequenziale diventa un avviso invece di fermare il benchmark).
 * L'app riceve API_TOKEN_CALLS_PER_MINUTE alto, così il limite per token non ferma i giri (il
 * conteggio resta, e il server nudo fa lo stesso).
 * Stampa le tabelle (chiamate con CPU per richiesta, pagine con sessione, pagina dell'ospite,
 * esportazione CSV, memoria, piani) e le aggiunge a docs/benchmarks.md.
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
import { appLoginUrl } from '../../tests/helpers/app-login';
import { benchCounts, ensureData } from './bench-data';
import { cpuMs, load, median, requestOf, type Call, type Round, type Side } from './http-load';
import { ownCostOf, tableOf, type Row } from './http-tables';
import { download, firstLoadJs, heapSummary, idleRss, memorySampler, reactPayload, renderTimes, rssMb } from './http-measures';
import { minimalNextApp } from './minimal-next';
import { checkPlans } from './plan-check';

const { contacts: CONTACTS, quotes: QUOTES } = benchCounts();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3410);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3411);
const MINIMAL_PORT = Number(process.env.BENCH_MINIMAL_PORT ?? 3412);
const STAFF = 'staff@lagoazzurro.test';
const root = path.resolve(import.meta.dirname, '../..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Serve DATABASE_URL (PostgreSQL), per esempio postgres://postgres@127.0.0.1:5432/crm_bench');
const sql = postgres(url, { onnotice: () => {} });
const children: ChildProcess[] = [];
let stopping = false;


/** Il cursore (formato di encodeCursor in lib/pagination.ts) della riga a metà elenco, al massimo la 100.000ª. */
async function deepCursor(campsiteId: string): Promise<{ cursor: string; row: number; at: string; id: string }> {
  const [{ total }] = await sql<{ total: number }[]>`select count(*)::int as total from contacts where camping_id = ${campsiteId}`;
  const row = Math.min(100_000, Math.floor(total / 2));
  const [found] = await sql<{ at: string; id: string }[]>`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from contacts
    where camping_id = ${campsiteId} order by created_at desc, id desc offset ${row - 1} limit 1`;
  return { cursor: Buffer.from(JSON.stringify([found.at, found.id])).toString('base64url'), row, at: found.at, id: found.id };
}

function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): ChildProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

async function waitFor(base: string, label: string, probe = '/api/users/login'): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base}${probe}`, { method: probe === '/ping' ? 'GET' : 'POST', body: probe === '/ping' ? undefined : '{}', headers: { 'content-type': 'application/json' } });
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
  const campsiteId = await ensureData(sql, url!);
  const deep = await deepCursor(campsiteId);

  // The plans first: a list that scans the whole table under the scope fails the run before any load.
  const plans = await checkPlans(sql, campsiteId, deep);
  console.log(`\nPiani sotto lo scope (ruolo crm_app, app.camping_id del campeggio di prova):\n${plans.report}\n`);
  const allowSeqScan = process.env.BENCH_ALLOW_SEQSCAN === '1';
  const planVerdict =
    plans.failures.length === 0
      ? 'Piani: nessuna scansione sequenziale di contacts o quotes sotto lo scope.'
      : `Piani: SCANSIONE SEQUENZIALE sotto lo scope in ${plans.failures.join(' | ')}${allowSeqScan ? ' (BENCH_ALLOW_SEQSCAN=1: solo un avviso)' : ''}.`;
  if (plans.failures.length > 0) {
    if (!allowSeqScan) throw new Error(`${planVerdict}\nIl benchmark si ferma: un elenco o una ricerca che legge tutta la tabella sotto lo scope è una regressione (BENCH_ALLOW_SEQSCAN=1 per misurare comunque).`);
    console.warn(`ATTENZIONE: ${planVerdict}`);
  }

  await addViewQuotes(campsiteId);
  for (const table of ['quotes', 'quote_cards']) await sql.unsafe(`vacuum (analyze) ${table}`);
  // The production build of these sources: built again when a source is newer than it.
  execSync('bash scripts/ensure-build.sh', { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const minimalDir = minimalNextApp(root);
  const secret = () => randomBytes(32).toString('base64url');
  const authSecret = secret();
  const heapDir = mkdtempSync(path.join(os.tmpdir(), 'bench-heap-'));
  // Production's configuration: the scope on the non-owner login, the jobs inside the server.
  const appLogin = await appLoginUrl(url!);
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production' as const, DATABASE_URL: url, DATABASE_APP_URL: appLogin, AUTH_SECRET: authSecret, DATA_ENCRYPTION_KEY: secret(),
    APP_URL: `http://127.0.0.1:${APP_PORT}`, NEXT_TELEMETRY_DISABLED: '1', JOBS_IN_SERVER: '1', TRUST_PROXY: '1',
    // The per-token limit (600 a minute by default) would cut every round short; it is still counted.
    API_TOKEN_CALLS_PER_MINUTE: '1000000000',
    // At the end, a heap snapshot says what the memory that stays is.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${heapDir}`.trim(),
  };
  // A server left over from an earlier run would be measured in place of this build.
  for (const port of [APP_PORT, BARE_PORT, MINIMAL_PORT]) {
    const taken = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (taken) throw new Error(`La porta ${port} è già occupata: ferma il server rimasto da un'esecuzione precedente.`);
  }
  const appProcess = start('app', process.execPath, ['server.mjs', '--port', String(APP_PORT), '--hostname', '127.0.0.1'], appEnv);
  const bareProcess = start('server nudo', process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { ...process.env, DATABASE_URL: url, DATABASE_APP_URL: appLogin, BARE_PORT: String(BARE_PORT) });
  const minimalProcess = start('Next minimo', process.execPath, ['server.mjs'], { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(MINIMAL_PORT) }, minimalDir);
  const app = `http://127.0.0.1:${APP_PORT}`;
  const bare = `http://127.0.0.1:${BARE_PORT}`;
  const minimal = `http://127.0.0.1:${MINIMAL_PORT}`;
  await Promise.all([waitFor(app, 'app'), waitFor(bare, 'server nudo'), waitFor(minimal, 'Next minimo', '/ping')]);
  const memory = { started: rssMb(appProcess.pid!), sampler: memorySampler(appProcess.pid!) };
  const appSide: Side = { name: 'app', base: app, token: await login(app), cookie: await webCookie(authSecret), pid: appProcess.pid! };
  const bareSide: Side = { name: 'nudo', base: bare, token: await login(bare), pid: bareProcess.pid! };
  const minimalSide: Side = { name: 'minimo', base: minimal, token: '', pid: minimalProcess.pid! };
  const sides = [bareSide, appSide];
  // Staff pages with a session, one request at a time, before the load rounds leave the heap
  // full and the database's caches busy: the server's time and CPU per render.
  const pages: string[] = ['| pagina (con sessione), una richiesta alla volta | p50 | p99 | CPU app ms/req | richieste | carico 1 min inizio → fine | stato |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const page of ['/clienti', '/dashboard']) {
    const loadStart = os.loadavg()[0];
    const timed = await renderTimes(`${app}${page}`, appSide.cookie!, appProcess.pid!, Math.max(10, SECONDS * 4));
    pages.push(`| ${page} | ${timed.p50.toFixed(1)} ms | ${timed.p99.toFixed(1)} ms | ${timed.cpuPerRequest.toFixed(2)} | ${timed.samples} | ${loadStart.toFixed(2)} → ${os.loadavg()[0].toFixed(2)} | ${timed.status} |`);
    console.log(pages.at(-1));
  }

  const viewPath = (index: number) => `/visualizzaPreventivo/${viewContactId(index)}/${viewQuoteId(index)}/${campsiteId}`;
  // The same quote twice: its first view renders it, the second is the repeat view.
  const guestFirst = await (await fetch(`${app}${viewPath(VIEW_QUOTES - 1)}`)).text();
  const guestHtml = await (await fetch(`${app}${viewPath(VIEW_QUOTES - 1)}`)).text();
  const js = await firstLoadJs(app, guestHtml);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const guestPage = `Pagina dell’ospite: HTML ${kb(Buffer.byteLength(guestFirst))} KB alla prima visita (payload React in linea, gli script \`self.__next_f.push\`, ${kb(reactPayload(guestFirst))} KB), ${kb(Buffer.byteLength(guestHtml))} KB alla visita ripetuta (payload ${kb(reactPayload(guestHtml))} KB); JavaScript al primo caricamento ${js.files} file, ${js.rawKb.toFixed(0)} KB, ${js.gzipKb.toFixed(0)} KB con gzip (esclusi ${js.skipped} script noModule).`;
  console.log(guestPage);

  // Each side's own ETag of the unchanged bell: the poll then asks with If-None-Match, as the browser does.
  const etags = new Map<string, string>();
  for (const side of sides) {
    const bell: Call = { label: '', method: 'GET', path: () => '/notifiche/stato', auth: 'cookie' };
    const { url: target, ...init } = requestOf(side, bell, 0);
    etags.set(side.name, (await fetch(target, init)).headers.get('etag') ?? '');
  }
  // Each side its own half of the quotes never seen, so that every first view is one.
  const nextView: Record<Side['name'], number> = { nudo: VIEW_RANGES.nudo[0], app: VIEW_RANGES.app[0], minimo: 0 };
  const password = DEMO_LOGINS.find((entry) => entry.email === STAFF)?.password;
  const LISTS = ['clienti, prima pagina', `clienti, pagina profonda (riga ${deep.row})`, 'clienti, ricerca "muller"', 'preventivi inviati'];
  const EDIT = 'modifica di un cliente (ogni volta un altro)';
  const BELL = 'campanello invariato (304)';
  const calls: (Call & { against?: 'minimo' })[] = [
    // The floors: what each server costs for a call that does nothing (no session, no query), and
    // what a minimal Next 16 app costs for a tiny JSON beside the bare server's same answer.
    { label: 'pavimento: chiamata sconosciuta (404, nessuna query)', method: 'POST', path: () => '/api/nonExistentCall', auth: 'none', expectedStatus: 404 },
    { label: 'pavimento: Next 16 minimo, un JSON minuscolo', method: 'GET', path: () => '/ping', auth: 'none', against: 'minimo' },
    { label: LISTS[0], method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25 }, auth: 'token', same: pageOf },
    { label: LISTS[1], method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25, cursor: deep.cursor }, auth: 'token', same: pageOf },
    { label: LISTS[2], method: 'POST', path: () => '/api/getContact/lazy', body: { limit: 25, search: 'muller' }, auth: 'token', same: pageOf },
    { label: LISTS[3], method: 'POST', path: () => '/api/getQuote/lazy', body: { progress: ['inviato'], limit: 25 }, auth: 'token', same: pageOf },
    {
      label: EDIT,
      method: 'POST',
      path: (_side, index) => `/api/editContact/benchhttp-c${1 + ((index * 7919) % CONTACTS)}`,
      body: { note: 'Chiede una piazzola ombreggiata' },
      auth: 'token',
    },
    {
      label: BELL,
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
  // The jobs run inside the app's process (JOBS_IN_SERVER=1): their CPU lands in every row's figure.
  // What the app spends with no request, in ms per second, says how much of a slow row that is.
  const idleCpuBefore = cpuMs(appSide.pid);
  await sleep(5_000);
  const backgroundBefore = (cpuMs(appSide.pid) - idleCpuBefore) / 5;
  const rows: Row[] = [];
  // The peak of the 32-connection rounds, apart from the pages and the export.
  memory.sampler.reset();
  for (const call of calls) {
    const loadStart = os.loadavg()[0];
    const pair = call.against === 'minimo' ? [bareSide, minimalSide] : sides;
    // Warm-up (JIT, the caches of language and nation names): a few calls to each.
    for (const side of pair) {
      for (let i = 0; i < 3; i++) {
        const first = call.fresh ? nextView[side.name]++ : i;
        const { url: target, ...init } = requestOf(side, call, first);
        const response = await fetch(target, init);
        await response.text();
        if (response.status >= 400 && response.status !== call.expectedStatus) throw new Error(`${call.label}: ${target} risponde ${response.status}`);
      }
    }
    await sameAnswer(call, pair);
    const rounds: Row['rounds'] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured: Round[] = [];
      for (const side of pair) {
        const round = await load(side, call, call.fresh ? nextView[side.name] : 0);
        // autocannon does not say how many paths it used: past every request it could have sent.
        if (call.fresh) nextView[side.name] += Math.ceil(round.rps * SECONDS * 1.5) + 100;
        measured.push(round);
      }
      const [bareRound, appRound] = measured;
      rounds.push({ bare: bareRound, app: appRound });
    }
    rows.push({ label: call.label, rounds, rssAfter: rssMb(appProcess.pid!), loadStart, loadEnd: os.loadavg()[0], against: pair[1].name });
    console.log(tableOf([rows.at(-1)!]).split('\n').at(-1));
  }
  const peak = Math.max(memory.sampler.peak(), rssMb(appProcess.pid!));
  if (nextView.nudo > VIEW_RANGES.nudo[1] || nextView.app > VIEW_RANGES.app[1]) console.warn('Attenzione: preventivi per la prima visita esauriti, alcune visite erano già in cache.');

  // The CSV export of every contact, inside the scope on both sides: the app's file against the bare COPY of the same select.
  const exportRounds: { app: number; bare: number; appBytes: number; growth: number; appCpu: number; bareCpu: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareCpu = cpuMs(bareSide.pid);
    const bareRun = await download(`${bare}/api/exportContacts`, { method: 'POST', headers: { authorization: `Bearer ${bareSide.token}` } });
    const before = rssMb(appProcess.pid!);
    const appCpu = cpuMs(appSide.pid);
    memory.sampler.reset();
    const appRun = await download(`${app}/api/exportContacts`, { method: 'POST', headers: { authorization: `Bearer ${appSide.token}`, 'content-type': 'application/json' }, body: '{}' });
    exportRounds.push({ app: appRun.ms, bare: bareRun.ms, appBytes: appRun.bytes, growth: memory.sampler.peak() - before, appCpu: cpuMs(appSide.pid) - appCpu, bareCpu: cpuMs(bareSide.pid) - bareCpu });
  }
  const exportLine = (() => {
    const pick = (key: 'app' | 'bare' | 'growth' | 'appCpu' | 'bareCpu') => median(exportRounds.map((round) => round[key]));
    const ratio = median(exportRounds.map((round) => round.bare / round.app));
    return `| esportazione CSV di tutti i clienti (nello scope) | ${(pick('bare') / 1000).toFixed(2)} s | ${(pick('app') / 1000).toFixed(2)} s | ${ratio.toFixed(2)} | ${pick('bareCpu').toFixed(0)} ms | ${pick('appCpu').toFixed(0)} ms | ${(exportRounds[0].appBytes / 1e6).toFixed(1)} MB | +${pick('growth').toFixed(0)} MB |`;
  })();
  const exportTable = ['| chiamata | COPY nudo | app | rapporto | CPU nudo | CPU app | file | memoria in più (picco) |', '|---|---:|---:|---:|---:|---:|---:|---:|', exportLine].join('\n');
  console.log(exportLine);

  memory.sampler.stop();
  console.log('Memoria a riposo: 60 s senza richieste…');
  const idleCpu = cpuMs(appSide.pid);
  const idle = await idleRss(appProcess.pid!, 60);
  const backgroundAfter = (cpuMs(appSide.pid) - idleCpu) / 60;
  const background = `CPU dell'app senza richieste (i job nel server): ${backgroundBefore.toFixed(1)} ms/s nei 5 s prima dei giri, ${backgroundAfter.toFixed(1)} ms/s nel minuto a riposo finale; in una riga pesa circa (ms/s) ÷ (req/s dell'app) ms per richiesta.`;
  console.log(background);
  const heap = await heapSummary(appProcess.pid!, heapDir);
  rmSync(heapDir, { recursive: true, force: true });
  const memoryLine = `Memoria dell'app (RSS): ${memory.started.toFixed(0)} MB dopo l'avvio, ${peak.toFixed(0)} MB al picco dei giri a 32 connessioni, ${idle.last.toFixed(0)} MB dopo 1 minuto senza richieste (minimo nel minuto ${idle.lowest.toFixed(0)} MB). Heap JavaScript a quel punto: ${heap.totalMb.toFixed(0)} MB (${heap.top}).`;
  console.log(memoryLine);

  const load1 = os.loadavg();
  const fmt = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const table = tableOf(rows);
  const ownCost = ownCostOf(rows, [...LISTS, EDIT, BELL]);
  console.log(`\n${table}\n\n${ownCost}\n\n${pages.join('\n')}\n\n${exportTable}\n\n${background}\n\n${planVerdict}\n\ncarico medio (1/5/15 min): inizio ${fmt(load0)}, fine ${fmt(load1)}`);
  const docs = path.join(root, 'docs/benchmarks.md');
  const heading = '## HTTP: app e server nudo (`npm run bench:http`)';
  const section = readFileSync(docs, 'utf8').includes(heading) ? '' : `\n${heading}\n\nVedi il metodo qui sopra.\n`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(
    docs,
    `${section}\n### ${date} UTC, commit ${commit}\n\n${CONTACTS} contatti e ${QUOTES} preventivi di prova; giri di ${SECONDS} s; app con DATABASE_APP_URL, scope per richiesta e JOBS_IN_SERVER=1; carico medio (1/5/15 min) inizio ${fmt(load0)}, fine ${fmt(load1)}; ${os.cpus().length} CPU.\n\n${table}\n\n${ownCost}\n\n${pages.join('\n')}\n\n${guestPage}\n\n${exportTable}\n\n${memoryLine}\n\n${background}\n\n${planVerdict}\n\n\`\`\`\n${plans.report}\n\`\`\`\n`,
  );
  console.log('Risultati aggiunti a docs/benchmarks.md');
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stopAll();
  await dropViewQuotes().catch(() => {});
  await sql.end();
}
