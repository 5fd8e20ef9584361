/**
 * `npm run backup:check`: proves that a backup restores. On the PostgreSQL of DATABASE_URL (a user
 * that may create databases) it makes a fresh database, migrates and seeds it, dumps it with
 * `pg_dump -Fc`, restores the dump into a second fresh database with `pg_restore`, and compares:
 * the rows of every table for every campsite (every table with camping_id, found in the catalog,
 * so a new tenant table is covered without touching this file), and one guest quote page per
 * campsite rendered by the production server (server.mjs) from each database in turn. Prints every
 * figure, exits 1 on any difference, drops its databases at the end. Without DATABASE_URL it checks
 * the embedded demo's backup instead: the PGlite folder copied with tar, as docs/deploy.md says.
 * docs/deploy.md, «Backup e ripristino».
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { appLoginUrl } from '../tests/helpers/app-login';
import { countDifferences, euroAmounts, visibleText, type Counts } from './backup/compare';

const MIN_MAJOR = 15;
/** PostgreSQL where the check may create databases; without it, the embedded PGlite's folder. */
const baseUrl = process.env.DATABASE_URL || undefined;
const port = Number(process.env.BACKUP_CHECK_PORT ?? process.env.PORT ?? 3209);
const started = Date.now();

/** Thrown to stop the check with an Italian reason; the databases are dropped on the way out. */
class CheckFailure extends Error {}

function fail(message: string): never {
  throw new CheckFailure(message);
}

function urlOf(name: string): string {
  const url = new URL(baseUrl!);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

function seconds(): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** The client tool (pg_dump, pg_restore) of a major version at least the server's: an older one refuses the dump. */
function clientTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): string {
  const wanted = Math.max(serverMajor, MIN_MAJOR);
  const candidates = [name, ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/${name}`) : [])];
  const seen: string[] = [];
  for (const candidate of candidates) {
    let version: string;
    try {
      version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      continue;
    }
    seen.push(`${candidate}: ${version}`);
    const major = Number(/(\d+)(?:\.\d+)?/.exec(version.replace(/^[^\d]*/, ''))?.[1]);
    if (major >= wanted) return candidate;
  }
  fail(
    `${name} di PostgreSQL ${wanted} o più recente non trovato (il server è PostgreSQL ${serverMajor}). ` +
      `Installare gli strumenti client, per esempio «apt-get install postgresql-client-${wanted}».` +
      (seen.length ? ` Trovati: ${seen.join('; ')}.` : ''),
  );
}

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

/** Plain SQL (no parameters) on one of the two databases. */
type Query = <Row>(text: string) => Promise<Row[]>;

async function withPostgres<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(<Row>(text: string) => sql.unsafe(text) as unknown as Promise<Row[]>);
  } finally {
    await sql.end();
  }
}

async function withPglite<T>(dir: string, work: (query: Query) => Promise<T>): Promise<T> {
  const handle = openDatabase({ pgliteDir: dir });
  try {
    return await work(async <Row>(text: string) => (await handle.pglite!.query<Row>(text)).rows);
  } finally {
    await handle.close();
  }
}

/** Rows per campsite of every table with camping_id, and the whole count of every table of the app's schemas. */
async function countRows(query: Query): Promise<{ counts: Counts; tenantTables: number }> {
  {
    const counts: Counts = new Map();
    const tables = await query<{ schema: string; name: string; tenant: boolean }>(`
      select t.table_schema as schema, t.table_name as name,
             exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'camping_id') as tenant
      from information_schema.tables t
      where t.table_type = 'BASE TABLE' and t.table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`);
    for (const table of tables) {
      const key = `${table.schema}.${table.name}`;
      const byCampsite = new Map<string, number>();
      const total = await query<{ n: string }>(`select count(*) as n from "${table.schema}"."${table.name}"`);
      byCampsite.set('*', Number(total[0].n));
      if (table.tenant) {
        const rows = await query<{ campsite: string | null; n: string }>(
          `select camping_id::text as campsite, count(*) as n from "${table.schema}"."${table.name}" group by 1`,
        );
        for (const row of rows) byCampsite.set(row.campsite ?? '(nessuno)', Number(row.n));
      }
      counts.set(key, byCampsite);
    }
    return { counts, tenantTables: tables.filter((table) => table.tenant).length };
  }
}

/** How many amounts a page shows, and its last three (the totals come last). */
function amounts(text: string): string {
  const found = euroAmounts(text);
  return found.length ? `${found.length} (…${found.slice(-3).join(' ')})` : 'nessuno';
}

type Sample = { campsite: string; path: string };

/** One quote per campsite that a guest may open (sent onward), the one with most cards. */
async function sampleQuotes(query: Query): Promise<Sample[]> {
  {
    const rows = await query<{ id: string; contact_id: string; camping_id: string }>(`
      select distinct on (q.camping_id) q.id, q.contact_id, q.camping_id
      from quotes q
      where q.progress not in ('bozza', 'richiesta')
      order by q.camping_id, (select count(*) from quote_cards c where c.quote_id = q.id) desc, q.id`);
    return rows.map((row) => ({ campsite: row.camping_id, path: `/visualizzaPreventivo/${row.contact_id}/${row.id}/${row.camping_id}` }));
  }
}

/** The database the server runs on: PostgreSQL with its non-owner login, or a PGlite folder. */
type ServerDatabase = { DATABASE_URL: string; DATABASE_APP_URL: string } | { PGLITE_DIR: string };

async function startServer(database: ServerDatabase): Promise<{ child: ChildProcess; output: string[] }> {
  // Without Redis the data cache is on disk in the build folder, keyed by the quote's ids, which
  // both databases share: the second server would show the first one's page. Emptied before each start.
  rmSync(path.join(process.env.NEXT_DIST_DIR || '.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const child = spawn(process.execPath, ['server.mjs', '--port', String(port), '--hostname', '127.0.0.1'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: '',
      DATABASE_APP_URL: '',
      ...database,
      REDIS_URL: '',
      // No scheduled job may change a database between the two readings.
      JOBS_IN_SERVER: '0',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      APP_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) fail(`il server è uscito all'avvio (codice ${child.exitCode}):\n${output.join('')}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/login`, { redirect: 'manual' });
      if (answer.status < 500) return { child, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      fail(`il server non risponde sulla porta ${port} dopo 90 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The guest pages' visible text, read from the production server on one database. */
async function readPages(database: ServerDatabase, samples: Sample[]): Promise<Map<string, { status: number; text: string }>> {
  const server = await startServer(database);
  try {
    const pages = new Map<string, { status: number; text: string }>();
    for (const sample of samples) {
      const answer = await fetch(`http://127.0.0.1:${port}${sample.path}`, { redirect: 'manual' });
      pages.set(sample.path, { status: answer.status, text: visibleText(await answer.text()) });
    }
    return pages;
  } finally {
    await stopServer(server.child);
  }
}

/** One of the two databases: how to query it, and how the server opens it. */
type Copy = { open: <T>(work: (query: Query) => Promise<T>) => Promise<T>; server: () => Promise<ServerDatabase> };

/** Rows per table and campsite, then the guest pages: the number of differences, every figure printed. */
async function compareCopies(original: Copy, restored: Copy): Promise<number> {
  const { counts: before, tenantTables } = await original.open(countRows);
  const { counts: after } = await restored.open(countRows);
  console.log('\nRighe per tabella (originale = ripristinato), per campeggio e in totale (*):');
  for (const [table, byCampsite] of before) {
    const figures = [...byCampsite].map(([campsite, n]) => `${campsite === '*' ? '*' : campsite.slice(0, 8)} ${n}=${after.get(table)?.get(campsite) ?? 'assente'}`);
    console.log(`  ${table}: ${figures.join(', ')}`);
  }
  const countDiffs = countDifferences(before, after);
  for (const d of countDiffs) console.error(`  DIFFERENZA ${d.table}, campeggio ${d.campsite}: originale ${d.original}, ripristinato ${d.restored}`);
  let differences = countDiffs.length;
  console.log(`${before.size} tabelle (${tenantTables} con camping_id, contate per campeggio), ${countDiffs.length} differenze (${seconds()}).`);

  execFileSync('bash', ['scripts/ensure-build.sh'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const samples = await original.open(sampleQuotes);
  if (samples.length === 0) fail('nessun preventivo inviato nei dati demo da confrontare.');
  const pagesBefore = await readPages(await original.server(), samples);
  const pagesAfter = await readPages(await restored.server(), samples);
  console.log('\nPagine preventivo per gli ospiti (server di produzione, un preventivo per campeggio):');
  for (const sample of samples) {
    const a = pagesBefore.get(sample.path)!;
    const b = pagesAfter.get(sample.path)!;
    const same = a.status === 200 && b.status === 200 && a.text === b.text && a.text.length > 0;
    console.log(`  ${sample.path}: HTTP ${a.status}/${b.status}, ${a.text.length}/${b.text.length} caratteri, importi ${amounts(a.text)} / ${amounts(b.text)}: ${same ? 'identica' : 'DIVERSA'}`);
    if (!same) {
      differences += 1;
      let at = 0;
      while (at < a.text.length && a.text[at] === b.text[at]) at += 1;
      console.error(`    originale:    «…${a.text.slice(Math.max(0, at - 60), at + 80)}…»\n    ripristinato: «…${b.text.slice(Math.max(0, at - 60), at + 80)}…»`);
    }
  }
  return differences;
}

/** PostgreSQL: pg_dump -Fc of a seeded database, pg_restore into a fresh one. */
async function checkPostgres(url: string): Promise<number> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // Named after the database of DATABASE_URL, so whoever drops that one's companions finds them (.ci/run).
  const baseName = decodeURIComponent(new URL(url).pathname.slice(1)) || 'crm';
  const original = `${baseName}_backup_a`;
  const restored = `${baseName}_backup_b`;
  const dumpDir = mkdtempSync(path.join(tmpdir(), 'crm-backup-check-'));
  const dumpFile = path.join(dumpDir, 'crm.dump');
  try {
    const serverMajor = Math.floor(Number((await admin`show server_version_num`)[0].server_version_num) / 10_000);
    const pgDump = clientTool('pg_dump', serverMajor);
    const pgRestore = clientTool('pg_restore', serverMajor);
    console.log(`PostgreSQL ${serverMajor}; ${execFileSync(pgDump, ['--version'], { encoding: 'utf8' }).trim()}`);

    for (const name of [original, restored]) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${original}"`);
    run('node_modules/.bin/tsx', ['db/migrate.ts'], { DATABASE_URL: urlOf(original) });
    run('node_modules/.bin/tsx', ['db/seed.ts'], { DATABASE_URL: urlOf(original) });
    console.log(`Database ${original} migrato e con i dati demo (${seconds()}).`);

    run(pgDump, ['--format=custom', '--file', dumpFile, '--dbname', urlOf(original)]);
    // A restore starts from an empty database (template0), as on a new server. Roles are not in a
    // database's dump: the cluster must have them first (pg_dumpall --roles-only in production).
    await admin.unsafe(`create database "${restored}" template template0`);
    await admin.unsafe(`do $$ begin create role crm_app nologin; exception when duplicate_object or unique_violation then null; end $$`);
    run(pgRestore, ['--exit-on-error', '--dbname', urlOf(restored), dumpFile]);
    console.log(`Copia con pg_dump -Fc ripristinata con pg_restore in ${restored} (${seconds()}).`);
    // The non-owner login of production (DATABASE_APP_URL), a member of crm_app: also cluster-wide.
    const copy = (name: string): Copy => ({
      open: (work) => withPostgres(urlOf(name), work),
      server: async () => ({ DATABASE_URL: urlOf(name), DATABASE_APP_URL: await appLoginUrl(urlOf(name)) }),
    });
    return await compareCopies(copy(original), copy(restored));
  } finally {
    rmSync(dumpDir, { recursive: true, force: true });
    for (const name of [original, restored]) await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
}

/**
 * The embedded demo (no DATABASE_URL): the folder copied with the server stopped, with the same
 * tar commands as docs/deploy.md, and the copy opened in place of the original.
 */
async function checkPglite(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), 'crm-backup-check-'));
  const original = path.join(work, 'pglite');
  const restored = path.join(work, 'ripristino', 'pglite');
  try {
    run('node_modules/.bin/tsx', ['db/migrate.ts'], { DATABASE_URL: '', PGLITE_DIR: original });
    run('node_modules/.bin/tsx', ['db/seed.ts'], { DATABASE_URL: '', PGLITE_DIR: original });
    console.log(`PGlite in ${original} migrato e con i dati demo (${seconds()}).`);
    execFileSync('tar', ['-czf', path.join(work, 'pglite.tgz'), '-C', work, 'pglite']);
    mkdirSync(path.dirname(restored));
    execFileSync('tar', ['-xzf', path.join(work, 'pglite.tgz'), '-C', path.dirname(restored)]);
    console.log(`Cartella copiata con tar e ripristinata in ${restored} (${seconds()}).`);
    const copy = (dir: string): Copy => ({ open: (job) => withPglite(dir, job), server: async () => ({ PGLITE_DIR: dir }) });
    return await compareCopies(copy(original), copy(restored));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

let differences = 0;
try {
  differences = baseUrl ? await checkPostgres(baseUrl) : await checkPglite();
} catch (error) {
  console.error(`Controllo del backup NON superato: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof CheckFailure) && error instanceof Error) console.error(error.stack);
  process.exitCode = 1;
}
if (process.exitCode) {
  // reported above
} else if (differences > 0) {
  console.error(`Controllo del backup NON superato: ${differences} differenze tra il database originale e quello ripristinato (${seconds()}).`);
  process.exitCode = 1;
} else console.log(`\nControllo del backup superato: conteggi e pagine identici dopo la copia e il ripristino (${seconds()}).`);
