/** Appends a bench's figures to docs/benchmarks.md under its own heading, dated, with the commit and the load average. */
import { execSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function appendResults(heading: string, body: string): void {
  const docs = path.join(root, 'docs/benchmarks.md');
  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  const section = readFileSync(docs, 'utf8').includes(heading) ? '' : `\n${heading}\n\nVedi il metodo qui sopra.\n`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = os.loadavg().map((value) => value.toFixed(2)).join(' / ');
  appendFileSync(docs, `${section}\n### ${date} UTC, commit ${commit}\n\nCarico medio (1/5/15 min) alla fine: ${load}; ${os.cpus().length} CPU.\n\n${body.trim()}\n`);
  console.log('Risultati aggiunti a docs/benchmarks.md');
}
