import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, dumped once per run: each test file starts its own copy. */
    pgliteTemplate: string | null;
  }
}

/**
 * The migrations run once per run. On PostgreSQL, on the database every file shares; on PGlite,
 * on an in-memory database whose data folder is dumped to a file: loading it costs each test file
 * about 0.7 s instead of 2.1 s for opening and migrating its own.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const handle = openDatabase(url ? { url } : { pgliteDir: 'memory://' });
  try {
    await migrate(handle);
    if (url) {
      project.provide('pgliteTemplate', null);
      return;
    }
    const folder = mkdtempSync(join(tmpdir(), 'crm-pglite-'));
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await handle.pglite!.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(folder, { recursive: true, force: true });
  } finally {
    await handle.close();
  }
}
