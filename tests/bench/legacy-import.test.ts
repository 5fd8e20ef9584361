import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { contacts, quotes } from '@/db/schema';
import { startLegacySource, type LegacySource } from '../helpers/legacy-source';

/**
 * The time and memory of `npm run import:legacy` bringing over a campsite of BENCH_CONTACTS
 * contacts (200,000) and BENCH_QUOTES quotes (100,000) from a second instance of this product, on
 * PostgreSQL: the command runs in its own process, as an operator runs it; its peak RSS and CPU
 * time are read from /proc, as are the source's.
 */
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);
const url = process.env.DATABASE_URL;

let source: LegacySource;
beforeAll(async () => {
  if (!url) return;
  const seeding = performance.now();
  source = await startLegacySource({ contacts: CONTACTS, quotes: QUOTES });
  console.log(`Sorgente pronta (${CONTACTS} contatti, ${QUOTES} preventivi generati) in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
});
afterAll(() => source?.stop());

const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

it('imports the campsite and prints time, memory and CPU', async () => {
  if (!url) {
    console.log('bench:import misura su PostgreSQL: imposta DATABASE_URL.');
    return;
  }
  const sourceCpuBefore = cpuMs(source.pid);
  const started = performance.now();
  const child = spawn(path.resolve('node_modules/.bin/node'), ['--import', 'tsx', 'scripts/import-legacy.ts', '--from', source.baseUrl, '--email', source.staff.email, '--password-stdin', '--rate', '200', '--json'], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(source.staff.password);
  let peakRss = 0;
  let cpu = 0;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssMb(child.pid!));
      cpu = cpuMs(child.pid!);
    } catch {
      // Ended.
    }
  }, 200);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  expect(code, output).toBe(0);
  const result = JSON.parse(output) as { report: { kinds: { label: string; there: number; here: number; written: number }[]; calls: number } };

  const handle = openDatabase({ url });
  try {
    const [here] = await handle.db.select({ n: count() }).from(contacts).where(eq(contacts.campingId, source.campsiteId));
    const [quoteRows] = await handle.db.select({ n: count() }).from(quotes).where(eq(quotes.campingId, source.campsiteId));
    console.log('\nImportazione dal vecchio CRM (npm run import:legacy, PostgreSQL):');
    console.table(result.report.kinds.map((kind) => ({ tipo: kind.label, vecchio: kind.there, qui: kind.here, scritti: kind.written })));
    console.log(`  contatti qui: ${here.n}, preventivi qui: ${quoteRows.n}`);
    console.log(`  durata: ${seconds.toFixed(1)} s, chiamate: ${result.report.calls}`);
    console.log(`  comando: RSS di picco ${peakRss.toFixed(0)} MB, CPU ${(cpu / 1000).toFixed(1)} s`);
    console.log(`  sorgente: CPU ${((cpuMs(source.pid) - sourceCpuBefore) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
});
