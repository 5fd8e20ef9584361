import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSession, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { env } from '../lib/env';
import { countPoolUse } from '../lib/ops/db-pool-use.mjs';
import { resultRows } from './result-rows';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service receives; PGlite and postgres.js share this shape. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The embedded instance itself, which the job queue shares (it allows one open instance per folder). */
  pglite?: PGlite;
  /** The PostgreSQL address, for the job queue's own pool. */
  url?: string;
};

/** The non-owner login's pool, and the login it connects as, that runs the campsites' transactions (db/tenant-scope.ts). */
export type AppLogin = { db: Database; login: string | null };

// Kept on the handle under a registry symbol, never in a module-level map: a Next build bundles
// this module several times (instrumentation, routes, rendering), and a map belongs to one copy,
// so every other copy silently found no app login and scoped on the owner's connection.
const APP_LOGIN = Symbol.for('crm.appLogin');

export function appLoginOf(db: Database): AppLogin | undefined {
  return (db as unknown as { [APP_LOGIN]?: AppLogin })[APP_LOGIN];
}

/**
 * `url`: PostgreSQL; else PGlite in `pgliteDir` (or in memory with 'memory://'), started from
 * `pgliteTemplate` when given: a data folder dumped by PGlite (the tests' migrated database).
 */
export function openDatabase(options: { url?: string; appUrl?: string; pgliteDir?: string; pgliteTemplate?: Blob }): DatabaseHandle {
  if (options.url) {
    // While PostgreSQL is away, a quick retry (every 0.25 s, not postgres.js's growing wait of up
    // to 20 s) lets a call fail fast with the 503 and lets the first call after the restart through.
    const poolOptions = { onnotice: () => {}, max: 10, backoff: () => 0.25 };
    const client = postgres(options.url, poolOptions);
    // Counted for crm_db_pool_in_use: drizzle runs every query and transaction through the counted client.
    const owner = countPoolUse(client, 'owner');
    const db = drizzlePostgres(owner.client, { schema }) as unknown as Database;
    const appClient = options.appUrl ? postgres(options.appUrl, poolOptions) : null;
    const app = appClient ? countPoolUse(appClient, 'app') : null;
    if (options.appUrl && app) {
      const appLogin: AppLogin = { db: drizzlePostgres(app.client, { schema }) as unknown as Database, login: decodeURIComponent(new URL(options.appUrl).username) || null };
      Object.defineProperty(db, APP_LOGIN, { value: appLogin });
    }
    const close = async () => {
      await Promise.all([client.end(), appClient?.end()]);
      owner.release();
      app?.release();
    };
    return { db, kind: 'postgres', close, url: options.url };
  }
  const dir = options.pgliteDir ?? '.data/pglite';
  const inMemory = dir.startsWith('memory://');
  // The folder is chosen at run time; tell Turbopack not to trace the whole project for it.
  if (!inMemory) mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ dir)), { recursive: true });
  // The search needs these two contrib extensions (migration 0002); PGlite ships them separately.
  const client = new PGlite({ dataDir: inMemory ? undefined : dir, loadDataDir: options.pgliteTemplate, extensions: { pg_trgm, unaccent } });
  return { db: drizzlePglite(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close(), pglite: client };
}

// PGlite allows one open instance per folder: keep a single handle per process,
// also across the module reloads of `next dev`.
const globalForDb = globalThis as unknown as { crmDatabase?: DatabaseHandle };

export function getDatabaseHandle(): DatabaseHandle {
  if (!globalForDb.crmDatabase) {
    const { DATABASE_URL, DATABASE_APP_URL, PGLITE_DIR } = env();
    globalForDb.crmDatabase = openDatabase({ url: DATABASE_URL, appUrl: DATABASE_APP_URL, pgliteDir: PGLITE_DIR });
  }
  return globalForDb.crmDatabase;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.crmDatabase;
  globalForDb.crmDatabase = undefined;
  await handle?.close();
}

/**
 * A statement of a path every request takes (the session lookup, the limiter, the scope, the
 * bell's poll), written once as SQL text. Sent through the handle's own session under its name:
 * postgres.js prepares it once per connection, and no call pays drizzle's building of the query
 * (a select builder with its joins and field mapping cost more CPU than the round trip).
 * `name` must be unique to the text. Dates come back as text on both drivers (drizzle's parsers).
 */
export async function preparedRows<T>(db: DbOrTx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const session = (db as unknown as { session: PgSession }).session;
  return resultRows<T>(await session.prepareQuery({ sql: text, params }, undefined, name, false).execute());
}
