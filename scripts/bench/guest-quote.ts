/**
 * Benchmark: one guest quote page asked again and again, one request at a time, on a running
 * production server of the same database (the cost of a repeat view, e.g. with and without the
 * per-request CSP nonce, which renders the page on every request instead of serving its HTML).
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:guest-quote
 * BENCH_ADDRESSES: see below. BENCH_QUOTE_ID picks the quote (else the first sent one by id). BENCH_REQUESTS (300) sets the number of timed requests, after BENCH_WARMUP (20) untimed ones.
 * Prints p50/p95/p99 of the time to the last byte on the loopback, requests per second, the
 * x-nextjs-cache answers and whether each response had its own script nonce. With
 * BENCH_SERVER_PID (the next-server process, Linux) also the server's CPU time per request, which
 * a machine busy with other work disturbs far less than the wall-clock times.
 */
import '../load-env';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { quotes } from '../../db/schema';
import { guestQuotePath } from '../../lib/vocabulary/quote-links';

const BASE = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const url = process.env.DATABASE_URL;
const handle = openDatabase(url ? { url } : { pgliteDir: process.env.PGLITE_DIR ?? '.data/pglite' });
const [ids] = await handle.db
  .select({ quoteId: quotes.id, contactId: quotes.contactId, campsiteId: quotes.campingId })
  .from(quotes)
  .where(and(inArray(quotes.progress, ['inviato', 'letto', 'accettato']), isNotNull(quotes.contactId), ...(process.env.BENCH_QUOTE_ID ? [eq(quotes.id, process.env.BENCH_QUOTE_ID)] : [])))
  .orderBy(quotes.id)
  .limit(1);
await handle.close();
if (!ids) throw new Error('Servono preventivi inviati nel database: esegui prima `npm run db:seed`.');
const path = guestQuotePath({ campsiteId: ids.campsiteId, quoteId: ids.quoteId, contactId: ids.contactId! });

const serverPid = process.env.BENCH_SERVER_PID;
/** The server's user + system CPU time in ms (/proc/<pid>/stat, fields 14 and 15, in ticks of 10 ms). */
function serverCpuMs(): number | null {
  if (!serverPid) return null;
  const fields = readFileSync(`/proc/${serverPid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// The page allows 120 views per address in 10 minutes (proxy.ts): with a server behind a trusted
// proxy (TRUST_PROXY=1), BENCH_ADDRESSES spreads the views over that many client addresses, so
// the limiter still runs on every request but never refuses one.
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 0);
let sent = 0;

async function timedGet() {
  const started = performance.now();
  const forwarded: Record<string, string> = ADDRESSES > 0 ? { 'x-forwarded-for': `10.77.${Math.floor((sent % ADDRESSES) / 250)}.${(sent % ADDRESSES) % 250}` } : {};
  sent += 1;
  const response = await fetch(BASE + path, { headers: { 'accept-encoding': 'gzip, br', ...forwarded } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
  return { ms: performance.now() - started, cache: response.headers.get('x-nextjs-cache') ?? '-', nonce, bytes: body.length, payload: flightBytes(body), unsigned: scriptsWithout(body, nonce) };
}

/** The inlined React (Flight) payload: what the `self.__next_f.push` scripts carry. */
const flightBytes = (html: string) => [...html.matchAll(/<script[^>]*>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + match[1].length, 0);

/** Scripts of the page that would not run under its policy: without this response's nonce. */
const scriptsWithout = (html: string, nonce: string | null) => [...html.matchAll(/<script\b[^>]*>/g)].filter((tag) => !nonce || !tag[0].includes(`nonce="${nonce}"`)).length;

for (let i = 0; i < WARMUP; i++) await timedGet();
const times: number[] = [];
const caches = new Map<string, number>();
const nonces = new Set<string>();
let bytes = 0;
let payload = 0;
let unsigned = 0;
const cpuBefore = serverCpuMs();
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  const answer = await timedGet();
  times.push(answer.ms);
  caches.set(answer.cache, (caches.get(answer.cache) ?? 0) + 1);
  if (answer.nonce) nonces.add(answer.nonce);
  bytes = answer.bytes;
  payload = answer.payload;
  unsigned += answer.unsigned;
}
const elapsed = (performance.now() - started) / 1000;
const cpuAfter = serverCpuMs();
const sorted = [...times].sort((a, b) => a - b);
console.log(`Pagina del preventivo ${BASE}${path}, ${REQUESTS} richieste in sequenza (dopo ${WARMUP} di riscaldamento)`);
console.log(`p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms   p99 ${percentile(sorted, 99).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms`);
console.log(`${(REQUESTS / elapsed).toFixed(1)} richieste/s   HTML ${(bytes / 1024).toFixed(1)} KB, di cui payload React ${(payload / 1024).toFixed(1)} KB`);
if (cpuBefore !== null && cpuAfter !== null) console.log(`CPU del server: ${((cpuAfter - cpuBefore) / REQUESTS).toFixed(2)} ms per richiesta`);
console.log(`x-nextjs-cache: ${[...caches].map(([value, count]) => `${value} ×${count}`).join(', ')}   nonce CSP distinti: ${nonces.size}   script senza il nonce della risposta: ${unsigned}`);
