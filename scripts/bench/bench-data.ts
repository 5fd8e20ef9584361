/**
 * I dati dei benchmark: le migrazioni, i dati dimostrativi (db/seed.ts) se il database è vuoto, e
 * contatti e preventivi di prova (id `benchhttp-c*`, `benchhttp-q*`) nel campeggio Lago Azzurro.
 * Il modello crm_bench_tpl è stato fatto con questo codice; ogni script di benchmark può usarlo.
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import type { Sql } from 'postgres';

const root = path.resolve(import.meta.dirname, '../..');

export const BENCH_CAMPSITE = 'Camping Lago Azzurro';
export const benchCounts = () => ({ contacts: Number(process.env.BENCH_CONTACTS ?? 200_000), quotes: Number(process.env.BENCH_QUOTES ?? 600_000) });

/** Un clone pulito: le migrazioni sempre (idempotenti), i dati dimostrativi se il database è vuoto. */
export async function ensureSeeded(sql: Sql, url: string): Promise<string> {
  const env = { ...process.env, DATABASE_URL: url };
  execSync('npx tsx db/migrate.ts', { cwd: root, stdio: 'inherit', env });
  const find = () => sql<{ id: string }[]>`select id from campsites where name = ${BENCH_CAMPSITE}`;
  if ((await find()).length === 0) execSync('npx tsx db/seed.ts', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  const [camp] = await find();
  if (!camp) throw new Error('Campeggio "Camping Lago Azzurro" assente anche dopo db/seed.ts');
  return camp.id;
}

/** Contatti e preventivi di prova nel campeggio Lago Azzurro, generati nel database (idempotente). */
export async function ensureData(sql: Sql, url: string, { contacts: CONTACTS, quotes: QUOTES } = benchCounts()): Promise<string> {
  const id = await ensureSeeded(sql, url);
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

