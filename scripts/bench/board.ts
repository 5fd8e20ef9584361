/**
 * Benchmark: the quotes board of one campsite with 600,000 quotes.
 * Run: `npm run bench:board` with DATABASE_URL (PostgreSQL; PGlite in .data/bench otherwise).
 * Measures loadBoard as the page calls it (its unit of work: on PostgreSQL a transaction as the
 * non-owner app login, the campsite set): every column's first page and the full column totals,
 * unfiltered and under the «In carico a» filter, beside a bare baseline of the same reads as plain
 * SQL on the owner's handle. Prints p50/p95/p99, node CPU ms per call and the ratio to the baseline.
 */
import "../load-env";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { campsites, users } from "../../db/schema";
import { runJobWork } from "../../lib/context/unit-of-work";
import { BOARD_COLUMNS, loadBoard } from "../../lib/quotes/board";
import { appLoginUrl } from "../../tests/helpers/app-login";

const QUOTES = Number(process.env.BENCH_QUOTES ?? 600_000);
const CONTACTS = Math.max(1, Math.round(QUOTES / 6));
const url = process.env.DATABASE_URL;
const handle = openDatabase(
  url
    ? { url, appUrl: await appLoginUrl(url) }
    : { pgliteDir: process.env.PGLITE_DIR ?? ".data/bench" },
);
const db = handle.db;

async function benchCampsite(): Promise<string> {
  const [found] = await db
    .select({ id: campsites.id })
    .from(campsites)
    .where(eq(campsites.platformCampId, "BENCH-BOARD"));
  if (found) return found.id;
  const [created] = await db
    .insert(campsites)
    .values({ name: "Benchmark bacheca", platformCampId: "BENCH-BOARD" })
    .returning({ id: campsites.id });
  return created.id;
}

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
};

/** Contacts, two staff members, quotes over every state with one or two cards, a quarter in charge of someone. */
async function ensureData(id: string): Promise<string> {
  const prefix = `${id}-`;
  await db
    .insert(users)
    .values(
      [0, 1].map((n) => ({
        id: `${prefix}u${n}`,
        campingId: id,
        email: `bacheca-${n}-${id}@bench.test`.toLowerCase(),
        passwordHash: "x",
        name: `Banco ${n}`,
      })),
    )
    .onConflictDoNothing();
  const [{ count }] = await rows<{ count: number }>(
    sql`select count(*)::int as count from quotes where camping_id = ${id}`,
  );
  if (count >= QUOTES) return `${prefix}u0`;
  await db.execute(sql`
    insert into contacts (id, camping_id, first_name, last_name, created_at)
    select ${prefix} || 'c' || g, ${id}, 'Ospite', 'Prova ' || g, now() - random() * interval '1000 days'
    from generate_series(1, ${CONTACTS}::int) g on conflict do nothing`);
  for (let done = count; done < QUOTES; done += 50_000) {
    const last = Math.min(QUOTES, done + 50_000);
    await db.execute(sql`
      insert into quotes (id, camping_id, contact_id, name, progress, created_at, valid_until, accepted_card_idx, assignee_id)
      select ${prefix} || 'q' || g, ${id}, ${prefix} || 'c' || (1 + g % ${CONTACTS}::int), 'Preventivo ' || g, p.progress, p.created_at,
        p.created_at + interval '20 days' + random() * interval '1200 days',
        case when p.progress in ('accettato', 'convertito') and g % 2 = 0 then 1 end,
        case when g % 4 = 0 then ${prefix} || 'u' || (g % 8 / 4) end
      from generate_series(${done + 1}::int, ${last}::int) g
      cross join lateral (select (array['richiesta','bozza','nuovo','inviato','letto','accettato','rifiutato','convertito','non convertito','scaduto'])[1 + floor(random() * 10)::int + (g * 0)] as progress,
        now() - random() * interval '1000 days' as created_at) p`);
    await db.execute(sql`
      insert into quote_cards (id, camping_id, quote_id, idx, total_cents)
      select ${prefix} || 'k' || g || '-' || i, ${id}, ${prefix} || 'q' || g, i, (50000 + random() * 400000)::int
      from generate_series(${done + 1}::int, ${last}::int) g cross join generate_series(0, 1) i where i = 0 or g % 3 = 0`);
    process.stdout.write(`\r  preventivi inseriti: ${last}/${QUOTES}`);
  }
  process.stdout.write("\n");
  for (const table of ["contacts", "quotes", "quote_cards", "users"])
    await db.execute(sql.raw(`analyze ${table}`));
  return `${prefix}u0`;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: pick(0.5), p95: pick(0.95), p99: pick(0.99) };
}

async function measure(
  label: string,
  runs: number,
  call: () => Promise<unknown>,
) {
  await call();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / runs;
  const { p50, p95, p99 } = stats(samples);
  const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;
  console.log(
    `${label.padEnd(62)} p50 ${ms(p50)}   p95 ${ms(p95)}   p99 ${ms(p99)}   CPU node ${cpuMs.toFixed(2)} ms/chiamata   (${runs} misure)`,
  );
  return p50;
}

/** The totals as they were summed before migration 0029: through the shown card of every quote. */
async function totalsThroughCards(id: string) {
  await db.execute(sql`
    select case when q.progress in ('nuovo','inviato','letto') and q.valid_until < now() then 'scaduto' else q.progress end, count(*), sum(c.total_cents)
    from quotes q left join quote_cards c on c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0)
    where q.camping_id = ${id} and q.progress <> 'richiesta' group by 1`);
}

/** The same reads as bare SQL: the grouped totals and each column's first 21 rows with their shown card, no walls, no subqueries. */
async function baseline(id: string, assignee: string | null) {
  const who = assignee ? sql`and q.assignee_id = ${assignee}` : sql``;
  await db.execute(sql`
    select case when q.progress in ('nuovo','inviato','letto') and q.valid_until < now() then 'scaduto' else q.progress end, count(*), sum(q.shown_total_cents)
    from quotes q where q.camping_id = ${id} and q.progress <> 'richiesta' ${who} group by 1`);
  for (const progress of BOARD_COLUMNS) {
    await db.execute(sql`
      select q.id, q.name, ct.first_name, ct.last_name, c.total_cents, c.arrival, c.departure from quotes q
      join contacts ct on ct.id = q.contact_id left join quote_cards c on c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0)
      where q.camping_id = ${id} and q.progress = ${progress} ${who} order by q.created_at desc, q.id desc limit 21`);
  }
}

await migrate(handle);
const campsiteId = await benchCampsite();
console.log(
  `Database: ${handle.kind === "pglite" ? "PGlite" : "PostgreSQL"}; campeggio di prova con ${QUOTES} preventivi`,
);
const assignee = await ensureData(campsiteId);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const board = (filters: Parameters<typeof loadBoard>[1]) => () =>
  runJobWork(campsiteId, "bench", (ctx) => loadBoard(ctx, filters), db);
const whole = await measure(
  "loadBoard: 9 colonne (prima pagina) + totali, nel perimetro",
  runs,
  board({}),
);
const bare = await measure(
  "stesse letture in SQL nudo (riferimento)",
  runs,
  () => baseline(campsiteId, null),
);
const mine = await measure(
  "loadBoard con «In carico a» (un utente)",
  runs,
  board({ assignee }),
);
const bareMine = await measure(
  "stesse letture in SQL nudo, un utente (riferimento)",
  runs,
  () => baseline(campsiteId, assignee),
);
await measure(
  "totali con la join sulle schede, come prima della 0029 (SQL nudo)",
  Math.max(3, Math.round(runs / 4)),
  () => totalsThroughCards(campsiteId),
);
console.log(
  `rapporto bacheca / riferimento: ${(whole / bare).toFixed(2)} (tutti), ${(mine / bareMine).toFixed(2)} (un utente)`,
);
await handle.close();
