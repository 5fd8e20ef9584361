/**
 * Lighthouse (mobile, the default form factor) of guest pages on a running production server.
 * Lighthouse is not a dependency of the project: install it apart, e.g.
 *   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse
 *   LIGHTHOUSE_DIR=/tmp/lh npx tsx scripts/bench/lighthouse.ts contact=http://127.0.0.1:3000/contattaci/<id> ...
 * Each page runs LH_RUNS times (3 unless told); the table gives the run of median score and the
 * median of each figure, since one run on a loaded machine swings widely. The scripts of the first
 * page follow, largest first, to see what its JavaScript is made of.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LH_DIR = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const OUT = path.join(LH_DIR, 'reports');
const pages = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  return { label: arg.slice(0, at), url: arg.slice(at + 1) };
});
if (pages.length === 0) throw new Error('Indica le pagine come etichetta=url.');
mkdirSync(OUT, { recursive: true });

type Item = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number };
type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Item[] } }>;
};

function run(label: string, url: string, index: number): Report {
  const file = path.join(OUT, `${label}-${index}.json`);
  execFileSync(
    path.join(LH_DIR, 'node_modules/.bin/lighthouse'),
    [url, '--chrome-flags=--headless=new --no-sandbox', '--output=json', `--output-path=${file}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Report;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes: number) => (bytes / 1024).toFixed(0);
const requestsOf = (report: Report) => report.audits['network-requests'].details?.items ?? [];
const scriptBytes = (report: Report) =>
  requestsOf(report)
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);

const rows: string[] = [];
let firstReports: Report[] = [];
for (const { label, url } of pages) {
  const reports = Array.from({ length: RUNS }, (_, index) => run(label, url, index));
  if (firstReports.length === 0) firstReports = reports;
  const figure = (pick: (report: Report) => number) => median(reports.map(pick));
  const audit = (id: string) => (report: Report) => report.audits[id].numericValue ?? 0;
  rows.push(
    [
      label,
      reports.map((report) => Math.round(report.categories.performance.score * 100)).join('/'),
      Math.round(figure((report) => report.categories.performance.score * 100)),
      (figure(audit('largest-contentful-paint')) / 1000).toFixed(1),
      Math.round(figure(audit('total-blocking-time'))),
      figure(audit('cumulative-layout-shift')).toFixed(3),
      kib(figure(audit('total-byte-weight'))),
      kib(figure(scriptBytes)),
    ].join(' | '),
  );
}

console.log('\npagina | punteggi | mediana | LCP s | TBT ms | CLS | KiB trasferiti | KiB JS');
console.log(rows.join('\n'));
console.log(`\nScript di «${pages[0].label}» (prima esecuzione), KiB trasferiti / KiB decompressi:`);
for (const item of requestsOf(firstReports[0])
  .filter((request) => request.resourceType === 'Script')
  .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))) {
  console.log(`${kib(item.transferSize ?? 0).padStart(5)} ${kib(item.resourceSize ?? 0).padStart(6)}  ${new URL(item.url).pathname}`);
}
