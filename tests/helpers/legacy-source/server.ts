/**
 * A second instance of this product for the import tests, standing in for the old CRM: the legacy
 * API (the route handler's own dispatcher) over plain node:http on 127.0.0.1, on its own database.
 * Started by tests/helpers/legacy-source.ts as `node --import tsx` with an IPC channel; configured by
 * the environment: DATABASE_URL (the source's PostgreSQL database), else LEGACY_SOURCE_PGLITE_DIR
 * (a folder, or memory://) and LEGACY_SOURCE_PGLITE_TEMPLATE (a migrated data folder's dump);
 * LEGACY_SOURCE_SEED, the seed's options as JSON. Prints `LISTENING <port> <seed as JSON>` when ready.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Like server.mjs: the socket's address, stamped with a secret of this process, is the caller's.
const stamp = randomBytes(24).toString('base64url');
process.env.CRM_PEER_STAMP = stamp;
process.env.TRUST_PROXY = '0';

const { openDatabase, getDatabaseHandle, closeDb } = await import('@/db/client');
const { migrate } = await import('@/db/migrate');

const pgliteDir = process.env.LEGACY_SOURCE_PGLITE_DIR;
if (!process.env.DATABASE_URL && pgliteDir) {
  const template = process.env.LEGACY_SOURCE_PGLITE_TEMPLATE;
  // getDatabaseHandle() opens PGLITE_DIR but cannot start it from a dump: the handle it would
  // have made is put where it keeps it (db/client.ts), for every getDb() of this process.
  const handle = openDatabase({ pgliteDir, pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined });
  (globalThis as { crmDatabase?: typeof handle }).crmDatabase = handle;
  if (!template) await migrate(handle);
}

const [{ createDispatcher }, { legacyRoutes }, { seedLegacySource }, { bridge }, { serveSqlChannel }] = await Promise.all([
  import('@/lib/legacy-api/dispatcher'),
  import('@/lib/legacy-api/routes'),
  import('./seed'),
  import('./http-bridge'),
  import('./sql-channel'),
]);

const handle = getDatabaseHandle();
const seed = await seedLegacySource(handle.db, JSON.parse(process.env.LEGACY_SOURCE_SEED ?? '{}'));
if (handle.pglite && process.send) serveSqlChannel(handle.pglite);

const server = createServer(bridge(createDispatcher(legacyRoutes), stamp));
server.listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as AddressInfo).port} ${JSON.stringify(seed)}`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The test that started it is gone (even killed): no source outlives it.
process.on('disconnect', () => void stop());
