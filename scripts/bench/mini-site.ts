/**
 * Benchmark: the guest's quote mini-site on a running production server.
 * Run against the server of the same database, e.g.
 *   npm run build && npm run demo            (in one shell)
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:mini-site
 * Prints the server time (time to the last byte, measured on the loopback) of the first,
 * uncached view of several quotes and of their second, cached view, and the page's first-load
 * JavaScript: every script the HTML loads (not the noModule polyfills), raw and gzip-compressed.
 */
import '../load-env';
import { performance } from 'node:perf_hooks';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { quotes } from '../../db/schema';
import { guestQuotePath } from '../../lib/vocabulary/quote-links';
import { median } from './http-load';
import { firstLoadJs } from './http-measures';

const BASE = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const SAMPLES = Number(process.env.BENCH_QUOTES ?? 15);
const url = process.env.DATABASE_URL;
const handle = openDatabase(url ? { url } : { pgliteDir: process.env.PGLITE_DIR ?? '.data/pglite' });

const sample = await handle.db
  .select({ quoteId: quotes.id, contactId: quotes.contactId, campsiteId: quotes.campingId })
  .from(quotes)
  .where(and(inArray(quotes.progress, ['inviato', 'letto', 'accettato']), isNotNull(quotes.contactId)))
  .limit(500);
await handle.close();
if (sample.length < 2) throw new Error('Servono preventivi inviati nel database: esegui prima `npm run db:seed`.');

async function timedGet(path: string) {
  const started = performance.now();
  const response = await fetch(BASE + path, { headers: { 'accept-encoding': 'gzip, br' } });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, cache: response.headers.get('x-nextjs-cache'), body };
}

// The first quote warms the server's code paths, so that "uncached" measures rendering, not start-up.
const [warmup, ...pool] = sample;
await timedGet(guestQuotePath({ campsiteId: warmup.campsiteId, quoteId: warmup.quoteId, contactId: warmup.contactId! }));

const first: number[] = [];
const second: number[] = [];
const cacheHeaders = new Set<string>();
let html = '';
let alreadyCached = 0;
for (const ids of pool) {
  if (first.length === SAMPLES) break;
  const path = guestQuotePath({ campsiteId: ids.campsiteId, quoteId: ids.quoteId, contactId: ids.contactId! });
  const a = await timedGet(path);
  // A quote viewed before this run (or by a previous run) is already in the cache: not a first view.
  if (a.cache === 'HIT') {
    alreadyCached++;
    continue;
  }
  const b = await timedGet(path);
  if (a.status !== 200 || b.status !== 200) throw new Error(`${path}: ${a.status}/${b.status}`);
  first.push(a.ms);
  second.push(b.ms);
  cacheHeaders.add(`${a.cache ?? '-'} → ${b.cache ?? '-'}`);
  html = b.body;
}

const js = await firstLoadJs(BASE, html);

if (first.length === 0) throw new Error(`Tutti i ${alreadyCached} preventivi sono già in cache: riavvia il server su un database appena popolato.`);
console.log(`Mini-sito ${BASE}, ${first.length} preventivi (x-nextjs-cache: ${[...cacheHeaders].join(', ')})`);
console.log(`prima visita (non in cache)  mediana ${median(first).toFixed(1).padStart(7)} ms   max ${Math.max(...first).toFixed(1)} ms`);
console.log(`seconda visita (in cache)    mediana ${median(second).toFixed(1).padStart(7)} ms   max ${Math.max(...second).toFixed(1)} ms`);
console.log(`HTML della pagina            ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
console.log(`JavaScript al primo caricamento: ${js.files} file, ${js.rawKb.toFixed(0)} KB decompressi, ${js.gzipKb.toFixed(0)} KB con gzip (esclusi ${js.skipped} script noModule, che un browser con moduli ES non scarica)`);
