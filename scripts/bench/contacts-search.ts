/**
 * Benchmark: contact list and search on 200,000 contacts of one campsite.
 * Run: `npm run bench:contacts` (PGlite in .data/bench) or with DATABASE_URL (PostgreSQL).
 * Prints the median and 95th percentile of the service calls the /clienti page makes. On
 * PostgreSQL they run as production runs them: in the campsite's scope on the non-owner login,
 * and the bench fails when a search or a list read the campsite's contacts by a sequential scan.
 */
import '../load-env';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { campsites } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { countContacts, listContacts } from '../../lib/contacts/search';
import { campsiteContext, type CampsiteCtx } from '../../lib/context/unit-of-work';
import { appLoginUrl } from '../../tests/helpers/app-login';

const TARGET = Number(process.env.BENCH_CONTACTS ?? 200_000);
const RUNS = 25;
const url = process.env.DATABASE_URL;
const handle = openDatabase(url ? { url, appUrl: await appLoginUrl(url) } : { pgliteDir: process.env.PGLITE_DIR ?? '.data/bench' });
const db = handle.db;

async function benchCampsite(): Promise<string> {
  const [found] = await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.platformCampId, 'BENCH-200K'));
  if (found) return found.id;
  const [created] = await db.insert(campsites).values({ name: 'Benchmark 200k', platformCampId: 'BENCH-200K' }).returning({ id: campsites.id });
  return created.id;
}

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
};

/** Realistic names from a few hundred combinations, generated inside the database for speed. */
async function ensureContacts(campsiteId: string): Promise<number> {
  const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from contacts where camping_id = ${campsiteId}`);
  const missing = TARGET - count;
  for (let done = 0; done < missing; done += 20_000) {
    const batch = Math.min(20_000, missing - done);
    await db.execute(sql`
      insert into contacts (id, camping_id, first_name, last_name, email, phone_prefix, phone, language_id, nation_id, created_at)
      select
        md5(random()::text || clock_timestamp()::text || g::text),
        ${campsiteId},
        (array['Marco','Giulia','Luca','Sara','Andrea','Francesca','Matteo','Chiara','Anna','Jonas','Lena','Maximilian','Sophie','Lukas','Emma','Oliver','Amelia','Jack','Isla','Niccolò','Jürgen','Zoë'])[1 + (random() * 21)::int],
        (array['Rossi','Russo','Ferrari','Esposito','Bianchi','Romano','Colombo','Ricci','Marino','Greco','Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Smith','Jones','Taylor','Brown','Williams','De Luca','Gallo','Conti','Costa','Bruno','Fontana'])[1 + (random() * 27)::int],
        'ospite' || g || '_' || ${done} || '@example.' || (array['com','org','net'])[1 + (random() * 2)::int],
        '+39',
        '3' || lpad(((random() * 999999999)::bigint)::text, 9, '0'),
        (array[1,1,1,3,3,2])[1 + (random() * 5)::int],
        (array[1,1,1,2,3,5,7])[1 + (random() * 6)::int],
        now() - (random() * interval '900 days')
      from generate_series(1, ${batch}) as g`);
    process.stdout.write(`\r  contatti inseriti: ${count + done + batch}/${TARGET}`);
  }
  if (missing > 0) process.stdout.write('\n');
  await db.execute(sql`analyze contacts`);
  return TARGET;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: pick(0.5), p95: pick(0.95) };
}

/** Sequential scans of contacts in a scope's transaction: a search or a list must have none. */
const seqScans = new Set<string>();
/** Capped counts (limit 10,001) may read the table in order and stop early: reported, never failed. */
const countScans = new Set<string>();

async function measure<T extends { items: unknown[] }>(label: string, call: (ctx: CampsiteCtx) => Promise<T>, kind: 'list' | 'count' = 'list') {
  // Each call in its own scope, as a request runs it (PGlite: unscoped, as the server runs it there).
  const scoped = () =>
    withTenant(db, campsiteId, async (tx) => {
      const result = await call(campsiteContext({ kind: 'job', campsiteId, job: 'bench' }, tx as typeof db));
      if (handle.kind === 'postgres') {
        const [scans] = (await tx.execute(sql`select pg_stat_get_xact_numscans('contacts'::regclass)::int as n`)) as unknown as { n: number }[];
        if (scans.n > 0) (kind === 'list' ? seqScans : countScans).add(label);
      }
      return result;
    });
  await scoped();
  const samples: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    found = (await scoped()).items.length;
    samples.push(performance.now() - started);
  }
  const { median, p95 } = stats(samples);
  console.log(`${label.padEnd(52)} mediana ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (${found} righe)`);
}

await migrate(handle);
const campsiteId = await benchCampsite();
console.log(`Database: ${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL, nello scope del campeggio con il login non proprietario'}; campeggio di prova con ${TARGET} contatti`);
await ensureContacts(campsiteId);
const first = await withTenant(db, campsiteId, (tx) => listContacts(campsiteContext({ kind: 'job', campsiteId, job: 'bench' }, tx as typeof db), { limit: 25 }));
await measure('elenco, prima pagina (più recenti)', (ctx) => listContacts(ctx, { limit: 25 }));
await measure('elenco, pagina successiva (cursore)', (ctx) => listContacts(ctx, { limit: 25, cursor: first.nextCursor }));
await measure('elenco ordinato per nome', (ctx) => listContacts(ctx, { limit: 25, sort: 'nome' }));
await measure('ricerca per frammento di cognome "ferr"', (ctx) => listContacts(ctx, { limit: 25, search: 'ferr' }));
await measure('ricerca senza accenti "muller"', (ctx) => listContacts(ctx, { limit: 25, search: 'muller' }));
await measure('ricerca nome e cognome "giulia ross"', (ctx) => listContacts(ctx, { limit: 25, search: 'giulia ross' }));
await measure('ricerca per e-mail "ospite1234_"', (ctx) => listContacts(ctx, { limit: 25, search: 'ospite1234_' }));
await measure('ricerca per telefono "3471"', (ctx) => listContacts(ctx, { limit: 25, search: '3471' }));
await measure('filtro date 01/03/2026–31/03/2026', (ctx) => listContacts(ctx, { limit: 25, dateFrom: '01/03/2026', dateTo: '31/03/2026' }));
await measure('ricerca senza risultati "qwxz"', (ctx) => listContacts(ctx, { limit: 25, search: 'qwxz' }));
await measure('ricerca rara "zoë müller" + date', (ctx) => listContacts(ctx, { limit: 25, search: 'zoë müller', dateFrom: '01/01/2025', dateTo: '31/12/2026' }));
// The /clienti page shows the total beside the page: both queries run for every view.
const counted = (filters: Parameters<typeof countContacts>[1]) => async (ctx: CampsiteCtx) => ({ items: [await countContacts(ctx, filters)] });
await measure('conteggio totale (mostrato sopra l’elenco)', counted({}), 'count');
await measure('conteggio della ricerca "ferr"', counted({ search: 'ferr' }), 'count');
await measure('conteggio della ricerca "giulia ross"', counted({ search: 'giulia ross' }), 'count');
await handle.close();
if (countScans.size > 0) console.log(`Conteggi limitati letti in sequenza (si fermano al tetto): ${[...countScans].join('; ')}`);
if (seqScans.size > 0) {
  console.error(`Scansione sequenziale di contacts nello scope: ${[...seqScans].join('; ')}`);
  process.exitCode = 1;
}
