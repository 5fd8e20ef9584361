/**
 * `npm run worker`: the scheduled jobs without the web server, for deployments that run them
 * apart (set JOBS_IN_SERVER=0 on the web instances then). Same code as the server's workers.
 */
export {};

await import('./load-env');
const { env } = await import('../lib/env');
env();
const { startJobWorkers } = await import('../lib/workflows/job-runner');
const { startLegacyImportWorker } = await import('../lib/legacy-import/job');
const { stopBoss } = await import('../lib/jobs/boss');
const { closeDb } = await import('../db/client');

await startJobWorkers();
// Apart from the job runner: lib/legacy-import sits at the edge, above lib/workflows.
await startLegacyImportWorker();
console.log('Attività pianificate avviate: in attesa di lavori (Ctrl+C per fermare).');

let stopping = false;
async function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finisco i lavori in corso…`);
  // Every job stops with pg-boss, newsletter recovery included (a queue like the others).
  await stopBoss();
  await closeDb();
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
