import { spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import type { OldRecords } from './legacy-source/old-records';
import { remotePglite } from './legacy-source/remote-pglite';
import type { SourceSeed, SourceSeedOptions } from './legacy-source/seed';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type LegacySourceOptions = SourceSeedOptions & {
  /** PGlite mode only: where the source keeps its data ('memory://' for none on disk); a temp folder by default. */
  pgliteDir?: string;
  /** More environment for the source's process. */
  env?: Record<string, string>;
};

export type LegacySource = {
  /** The source's address, without /api (the importer adds it). */
  baseUrl: string;
  /** A staff user of the old campsite (an administrator, pack level 10, 24-hex id). */
  staff: { email: string; password: string };
  /** The old campsite's id, 24 hex characters. */
  campsiteId: string;
  /** The other demo campsite of the source, which an import of campsiteId must not bring. */
  otherCampsiteId: string;
  /** Ids of the records seeded with ObjectId-shaped ids. */
  old: OldRecords;
  generated: { contacts: number; quotes: number };
  /** A handle on the SOURCE database, for assertions (and for changing the old system between runs). */
  db: Database;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL mode: the source database's name (gone after stop()). */
  databaseName: string | null;
  /** How long the start took, in milliseconds. */
  startMs: number;
  /** What the source's process printed (its errors, if a call failed with a 500). */
  output: () => string;
  pid: number;
  /** Stops the process, drops the source's database (PostgreSQL) or its folder (PGlite). */
  stop: () => Promise<void>;
};

const withDatabase = (url: string, name: string) => {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
};

/** PostgreSQL: a database of its own beside the test's, migrated; dropped by stop(). */
async function createSourceDatabase(testUrl: string) {
  const name = `${decodeURIComponent(new URL(testUrl).pathname.slice(1)) || 'crm'}_src_${randomBytes(4).toString('hex')}`;
  const admin = postgres(testUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testUrl, name);
  const handle = openDatabase({ url });
  await migrate(handle);
  const drop = async () => {
    const again = postgres(testUrl, { max: 1, onnotice: () => {} });
    try {
      await again.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await again.end();
    }
  };
  return { name, url, handle, drop };
}

/**
 * Starts a second instance of this product serving the legacy API, as the old CRM an import reads
 * from: its own database, seeded with the demo data plus ObjectId-shaped records (legacy-source/seed.ts).
 * PostgreSQL when the tests run on DATABASE_URL, else PGlite, like the tests themselves.
 */
export async function startLegacySource(options: LegacySourceOptions = {}): Promise<LegacySource> {
  const started = performance.now();
  const testUrl = process.env.DATABASE_URL;
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // The importer is paced by itself; the source must not be what slows it.
      API_TOKEN_CALLS_PER_MINUTE: '1000000',
      LEGACY_SOURCE_SEED: JSON.stringify({ contacts: options.contacts ?? 0, quotes: options.quotes ?? 0 }),
      ...options.env,
    };
    let postgresHandle: Awaited<ReturnType<typeof createSourceDatabase>> | null = null;
    if (testUrl) {
      postgresHandle = await createSourceDatabase(testUrl);
      const { drop, handle } = postgresHandle;
      cleanups.push(drop, () => handle.close());
      env.DATABASE_URL = postgresHandle.url;
      // The app login exists in the whole cluster: the same login, on the source's database.
      if (process.env.DATABASE_APP_URL) env.DATABASE_APP_URL = withDatabase(process.env.DATABASE_APP_URL, postgresHandle.name);
    } else {
      delete env.DATABASE_URL;
      delete env.DATABASE_APP_URL;
      let dir = options.pgliteDir;
      if (!dir) {
        const folder = mkdtempSync(path.join(tmpdir(), 'crm-legacy-source-'));
        cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
        dir = path.join(folder, 'pglite');
      }
      env.LEGACY_SOURCE_PGLITE_DIR = dir;
      const template = inject('pgliteTemplate');
      if (template) env.LEGACY_SOURCE_PGLITE_TEMPLATE = template;
    }

    // The IPC channel carries the test's statements in PGlite mode, and its end stops an orphaned source.
    const spawnOptions: SpawnOptions = { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' };
    const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'tests/helpers/legacy-source/server.ts'], spawnOptions);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    });
    const output: string[] = [];
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const ready = await new Promise<{ port: number; seed: SourceSeed }>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (chunk) => {
        output.push(String(chunk));
        buffered += String(chunk);
        const match = /^LISTENING (\d+) (.*)$/m.exec(buffered);
        if (match) resolve({ port: Number(match[1]), seed: JSON.parse(match[2]) as SourceSeed });
      });
      child.once('exit', (code, signal) => reject(new Error(`La sorgente legacy si è fermata prima di ascoltare (${code ?? signal}):\n${output.join('')}`)));
    });

    let db: Database;
    if (postgresHandle) db = postgresHandle.handle.db;
    else {
      const remote = remotePglite(child);
      cleanups.push(() => remote.close());
      db = remote.db;
    }
    return {
      baseUrl: `http://127.0.0.1:${ready.port}`,
      staff: ready.seed.staff,
      campsiteId: ready.seed.campsiteId,
      otherCampsiteId: ready.seed.otherCampsiteId,
      old: ready.seed.old,
      generated: ready.seed.generated,
      db,
      kind: postgresHandle ? 'postgres' : 'pglite',
      databaseName: postgresHandle?.name ?? null,
      startMs: Math.round(performance.now() - started),
      output: () => output.join(''),
      pid: child.pid ?? 0,
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Whether a database of this name exists on the tests' PostgreSQL (for checking stop()). */
export async function postgresDatabaseExists(db: Database, name: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pg_database where datname = ${name}`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length > 0;
}
