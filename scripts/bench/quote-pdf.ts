/**
 * Benchmark: the quote's PDF against the mini-site's own data for the same quote, in process, on
 * the seeded database (`npm run db:seed` first). The baseline is buildGuestQuoteView, which the
 * page and the PDF both read; the PDF adds its pictures (re-encoded with sharp) and the drawing.
 *   npm run bench:quote-pdf      (DATABASE_URL for PostgreSQL, else PGLITE_DIR or .data/pglite)
 * BENCH_RUNS (40) timed runs of each after BENCH_WARMUP (5); prints p50/p95, the ratio of the
 * medians and the document's size. A ratio holds on a shared machine; the milliseconds do not.
 */
import '../load-env';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { quoteCards, quotes } from '../../db/schema';
import { renderQuotePdf } from '../../lib/public-quotes/pdf/render';
import { buildGuestQuoteView } from '../../lib/public-quotes/view';
import { campsiteContext } from '../../lib/context/unit-of-work';
import { appendResults } from './results';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const url = process.env.DATABASE_URL;
const handle = openDatabase(url ? { url } : { pgliteDir: process.env.PGLITE_DIR ?? '.data/pglite' });
const db = handle.db;

// The quote with the most priced cards among those a guest can open: the heaviest usual document.
const [ids] = await db
  .select({ quoteId: quotes.id, contactId: quotes.contactId, campsiteId: quotes.campingId, cards: sql<number>`count(*)::int` })
  .from(quotes)
  .innerJoin(quoteCards, and(eq(quoteCards.quoteId, quotes.id), gt(quoteCards.totalCents, 0)))
  .where(inArray(quotes.progress, ['inviato', 'letto', 'accettato']))
  .groupBy(quotes.id)
  .orderBy(desc(sql`count(*)`), quotes.id)
  .limit(1);
if (!ids) throw new Error('Servono preventivi inviati nel database: esegui prima `npm run db:seed`.');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const lines: string[] = [];
async function timed(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const sorted = times.sort((a, b) => a - b);
  const line = `${label.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms`;
  console.log(line);
  lines.push(line);
  return percentile(sorted, 50);
}

const ctx = campsiteContext({ kind: 'job', campsiteId: ids.campsiteId, job: 'bench' }, db);
const quoteIds = { quoteId: ids.quoteId, contactId: ids.contactId };
const pdf = await renderQuotePdf(ctx, quoteIds);
const view = await buildGuestQuoteView(ctx, quoteIds);
const heading = `preventivo ${ids.quoteId}: ${ids.cards} schede, ${view!.cards.reduce((n, card) => n + card.images.length, 0)} immagini, lingua ${pdf!.locale}, PDF ${(pdf!.bytes.length / 1024).toFixed(0)} KB, ${RUNS} giri`;
console.log(heading);
const baseline = await timed('dati della pagina (baseline)', () => buildGuestQuoteView(ctx, quoteIds));
const drawn = await timed('PDF (dati, immagini, disegno)', () => renderQuotePdf(ctx, quoteIds));
const ratio = `rapporto PDF / dati della pagina: ${(drawn / baseline).toFixed(1)}×`;
console.log(ratio);
appendResults('## PDF del preventivo (`npm run bench:quote-pdf`)', ['```', heading, ...lines, ratio, '```'].join('\n'));
await handle.close();
