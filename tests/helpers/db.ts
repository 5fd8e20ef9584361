import { readFileSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';

/**
 * A database for one test file: the PostgreSQL of DATABASE_URL (migrated by the global setup),
 * or a fresh in-memory PGlite started from the migrated copy the global setup dumped. Tests never
 * share rows: each makes its own campsites.
 */
export async function useTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = openDatabase({ url });
    afterAll(() => handle.close());
    return handle.db;
  }
  const template = inject('pgliteTemplate');
  const handle = openDatabase({ pgliteDir: 'memory://', pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined });
  // Without the global setup (a config that has none) the file migrates its own.
  if (!template) await migrate(handle);
  afterAll(() => handle.close());
  return handle.db;
}
