import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { seedDemo } from '@/db/seed/index';
import { insertOldRecords, oldId, OLD_STAFF, type OldRecords } from './old-records';

export type SourceSeedOptions = {
  /** Generated contacts added to the old campsite (for the import's measurement at scale). */
  contacts?: number;
  /** Generated quotes, one priced card each, on the generated contacts (or the demo's). */
  quotes?: number;
};

export type SourceSeed = {
  /** The old campsite: the demo's Camping Lago Azzurro, its id turned into a 24-hex one. */
  campsiteId: string;
  /** Pineta, the other demo campsite, left with its own id: the import must not see it. */
  otherCampsiteId: string;
  staff: { email: string; password: string };
  old: OldRecords;
  generated: { contacts: number; quotes: number };
};

/**
 * Gives a campsite a new id everywhere it is named. Our foreign keys do not cascade updates, so
 * their checks are suspended for the one transaction (the seed's owner is a superuser).
 */
async function renameCampsite(db: Database, from: string, to: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const columns = resultRows<{ table_name: string; column_name: string }>(
      await tx.execute(sql`
        select distinct c.relname as table_name, a.attname as column_name
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
        where k.contype = 'f' and k.confrelid = 'public.campsites'::regclass`),
    );
    await tx.execute(sql`update campsites set id = ${to} where id = ${from}`);
    for (const { table_name, column_name } of columns) {
      await tx.execute(sql`update ${sql.identifier(table_name)} set ${sql.identifier(column_name)} = ${to} where ${sql.identifier(column_name)} = ${from}`);
    }
  });
}

/** Many contacts and quotes in a few statements, on either database (PGlite is PostgreSQL too). */
async function insertGenerated(db: Database, campingId: string, options: SourceSeedOptions): Promise<{ contacts: number; quotes: number }> {
  const contactCount = options.contacts ?? 0;
  const quoteCount = options.quotes ?? 0;
  const salt = oldId();
  // The ids are ObjectId-shaped, different per run: md5 of a run's salt and the row's number.
  const hexId = (kind: string, n: unknown) => sql`substr(md5(${salt} || ${kind} || ${n}::text), 1, 24)`;
  if (contactCount > 0) {
    await db.execute(sql`
      insert into contacts (id, camping_id, first_name, last_name, email, language_id, source, tags, created_at, updated_at)
      select ${hexId('c', sql`g`)}, ${campingId}, 'Ospite', 'Numero ' || g, 'ospite.' || g || '@vecchio.example', 1 + g % 3, 'import', '[]'::jsonb,
             now() - (g % 1000) * interval '1 hour', now() - (g % 1000) * interval '1 hour'
      from generate_series(1, ${contactCount}::int) g`);
  }
  if (quoteCount > 0) {
    const contactsSql = contactCount > 0 ? sql`(select ${hexId('c', sql`1 + (g - 1) % ${contactCount}::int`)})` : sql`(select id from contacts where camping_id = ${campingId} order by id offset (g % 100) limit 1)`;
    await db.execute(sql`
      insert into quotes (id, camping_id, contact_id, name, language_id, progress, progress_changed_at, created_at, updated_at)
      select ${hexId('q', sql`g`)}, ${campingId}, ${contactsSql}, 'Preventivo ' || g, 1, (array['nuovo','inviato','letto','accettato'])[1 + g % 4],
             now() - (g % 500) * interval '1 hour', now() - (g % 500) * interval '1 hour', now() - (g % 500) * interval '1 hour'
      from generate_series(1, ${quoteCount}::int) g`);
    await db.execute(sql`
      insert into quote_cards (id, camping_id, quote_id, idx, typology_id, typology_name, arrival, departure, people, vehicles, services, price_list_id,
                               offer_id, offer_name, price_lines, guest_labels, subtotal_cents, discount_cents, discount_basis_points,
                               discount_only_on_unit, total_cents, text, image_ids)
      select ${hexId('k', sql`g`)}, ${campingId}, ${hexId('q', sql`g`)}, 0, c.typology_id, c.typology_name, c.arrival, c.departure, c.people, c.vehicles,
             c.services, c.price_list_id, c.offer_id, c.offer_name, c.price_lines, c.guest_labels, c.subtotal_cents, c.discount_cents,
             c.discount_basis_points, c.discount_only_on_unit, c.total_cents, c.text, c.image_ids
      from generate_series(1, ${quoteCount}::int) g,
           (select * from quote_cards where camping_id = ${campingId} and total_cents > 0 order by total_cents desc limit 1) c`);
  }
  return { contacts: contactCount, quotes: quoteCount };
}

/**
 * What the old CRM holds in the tests: the product's demo seed, Lago Azzurro renamed to a 24-hex id
 * with extra records whose ids are all ObjectId-shaped, and as many generated rows as asked.
 */
export async function seedLegacySource(db: Database, options: SourceSeedOptions = {}): Promise<SourceSeed> {
  const summary = await seedDemo(db);
  const lago = summary.campsites.find((campsite) => campsite.key === 'lago-azzurro');
  const pineta = summary.campsites.find((campsite) => campsite.key === 'pineta');
  if (!lago || !pineta) throw new Error('Il seed demo non ha creato i due campeggi');
  const campsiteId = oldId();
  await renameCampsite(db, lago.campsiteId, campsiteId);
  const old = await insertOldRecords(db, campsiteId);
  const generated = await insertGenerated(db, campsiteId, options);
  return { campsiteId, otherCampsiteId: pineta.campsiteId, staff: OLD_STAFF, old, generated };
}
