import { afterAll } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';

/**
 * A database for one test file: the PostgreSQL of DATABASE_URL (migrated by the global setup),
 * or a fresh in-memory PGlite. Tests never share rows: each makes its own campsites.
 */
export async function useTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const handle = openDatabase(url ? { url } : { pgliteDir: 'memory://' });
  if (!url) await migrate(handle);
  afterAll(() => handle.close());
  return handle.db;
}
