import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { closeDb, getDatabaseHandle, type DatabaseHandle } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every pending migration in db/migrations, to PGlite or PostgreSQL alike. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await import('../scripts/load-env');
  const handle = getDatabaseHandle();
  await migrate(handle);
  console.log(`Migrazioni applicate (${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}).`);
  await closeDb();
}
