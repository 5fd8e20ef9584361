/**
 * `npm run bench`: every benchmark in sequence, each in its own process (a bench's servers and
 * memory must not weigh on the next), with the duration of each stage. A stage that fails does
 * not stop the others; the run exits non-zero if any failed (a plan with a sequential scan too).
 * BENCH_STAGES (comma-separated script names) runs a subset.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

// bench:guest-quote and bench:mini-site measure a server already running (BENCH_URL): run them by
// hand; bench:http measures the guest page's first and repeat views on its own servers.
const ALL = ['bench:contacts', 'bench:dashboard', 'bench:board', 'bench:http', 'bench:quote-pdf', 'bench:newsletter', 'bench:mailbox'];
// BENCH_STAGES=bench:http,bench:mailbox runs only those, in that order.
const STAGES = process.env.BENCH_STAGES ? process.env.BENCH_STAGES.split(',').map((stage) => stage.trim()) : ALL;
const root = path.resolve(import.meta.dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const done: { stage: string; seconds: number; ok: boolean }[] = [];
for (const stage of STAGES) {
  console.log(`\n=== ${stage} ===`);
  const started = performance.now();
  const result = spawnSync(npm, ['run', '--silent', stage], { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = (performance.now() - started) / 1000;
  done.push({ stage, seconds, ok: result.status === 0 });
  console.log(`=== ${stage}: ${result.status === 0 ? 'fatto' : `NON RIUSCITO (codice ${result.status ?? result.signal})`} in ${seconds.toFixed(0)} s ===`);
}
console.log('\nDurata delle fasi:');
for (const { stage, seconds, ok } of done) console.log(`  ${stage.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s${ok ? '' : '  NON RIUSCITO'}`);
console.log(`  ${'totale'.padEnd(18)} ${done.reduce((sum, stage) => sum + stage.seconds, 0).toFixed(0).padStart(5)} s`);
if (done.some((stage) => !stage.ok)) process.exitCode = 1;
