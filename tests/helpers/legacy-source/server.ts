/**
 * A second instance of this product for the import tests, standing in for the old CRM: the legacy
 * API (the route handler's own dispatcher) over plain node:http on 127.0.0.1, on its own database.
 * Started by tests/helpers/legacy-source.ts as `node --import tsx` with an IPC channel; configured by
 * the environment: DATABASE_URL (the source's PostgreSQL database), else LEGACY_SOURCE_PGLITE_DIR
 * (a folder, or memory://) and LEGACY_SOURCE_PGLITE_TEMPLATE (a migrated data folder's dump);
 * LEGACY_SOURCE_SEED, the seed's options as JSON; LEGACY_SOURCE_WAIT_FOR_DATABASE=1, wait for the
 * parent's 'database-ready' message before touching the database. Prints
 * `LISTENING <port> <seed and timings as JSON>` when ready.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Like server.mjs: the socket's address, stamped with a secret of this process, is the caller's.
const bootAt = performance.now();
const stamp = randomBytes(24).toString('base64url');
process.env.CRM_PEER_STAMP = stamp;
process.env.TRUST_PROXY = '0';

// PostgreSQL: the parent creates and migrates the database while this process loads the modules
// (the larger part of the start), and says when it is there; listened for from the start.
const databaseReady = new Promise<void>((resolve) => {
  if (process.env.LEGACY_SOURCE_WAIT_FOR_DATABASE !== '1') return resolve();
  const ready = (message: unknown) => {
    if (message !== 'database-ready') return;
    process.off('message', ready);
    resolve();
  };
  process.on('message', ready);
});

const { openDatabase, getDatabaseHandle, closeDb } = await import('@/db/client');

const pgliteDir = process.env.LEGACY_SOURCE_PGLITE_DIR;
const pglite = !process.env.DATABASE_URL && pgliteDir ? openPglite(pgliteDir, process.env.LEGACY_SOURCE_PGLITE_TEMPLATE) : null;

/**
 * getDatabaseHandle() opens PGLITE_DIR but cannot start it from a dump: the handle it would have
 * made is put where it keeps it (db/client.ts), for every getDb() of this process. Opened before
 * the modules load: PGlite compiles its WebAssembly meanwhile.
 */
function openPglite(dir: string, template: string | undefined) {
  const opened = openDatabase({ pgliteDir: dir, pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined });
  (globalThis as { crmDatabase?: typeof opened }).crmDatabase = opened;
  return { handle: opened, migrated: Boolean(template) };
}

const [{ migrate }, { createDispatcher }, { legacyRoutes }, { seedLegacySource }, { bridge }, { serveSqlChannel }] = await Promise.all([
  import('@/db/migrate'),
  import('@/lib/legacy-api/dispatcher'),
  import('@/lib/legacy-api/routes'),
  import('./seed'),
  import('./http-bridge'),
  import('./sql-channel'),
]);
const loadedAt = performance.now();

await databaseReady;
if (pglite && !pglite.migrated) await migrate(pglite.handle);

const handle = getDatabaseHandle();
const seedStartAt = performance.now();
const seed = await seedLegacySource(handle.db, JSON.parse(process.env.LEGACY_SOURCE_SEED ?? '{}'));
const timings = { loadMs: Math.round(loadedAt - bootAt), seedMs: Math.round(performance.now() - seedStartAt) };
if (handle.pglite && process.send) serveSqlChannel(handle.pglite);

const server = createServer(bridge(createDispatcher(legacyRoutes), stamp));
server.listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as AddressInfo).port} ${JSON.stringify({ ...seed, timings })}`);
});

let stopping = false;
async function stop(orphaned: boolean) {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
  if (orphaned) await dropOwnDatabase();
  process.exit(0);
}

/**
 * A test that timed out or crashed never runs its stop(): the database it made for this source is
 * dropped from here, through the tests' own database (LEGACY_SOURCE_ADMIN_URL).
 */
async function dropOwnDatabase() {
  const adminUrl = process.env.LEGACY_SOURCE_ADMIN_URL;
  const ownUrl = process.env.DATABASE_URL;
  if (!adminUrl || !ownUrl) return;
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`drop database if exists ${admin(decodeURIComponent(new URL(ownUrl).pathname.slice(1)))} with (force)`;
  } catch (error) {
    console.error('legacy source: could not drop its database', error);
  } finally {
    await admin.end();
  }
}

process.on('SIGTERM', () => void stop(false));
process.on('SIGINT', () => void stop(false));
// The test that started it is gone (even killed): no source outlives it, nor its database.
process.on('disconnect', () => void stop(true));
