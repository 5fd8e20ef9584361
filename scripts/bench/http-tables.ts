/** The tables bench:http prints and appends to docs/benchmarks.md: one row per call, and our own cost per call. */
import { median, type Round, type Side } from './http-load';

export type Row = { label: string; rounds: { bare: Round; app: Round }[]; rssAfter: number; loadStart: number; loadEnd: number; against: Side['name'] };

/** CPU ms per request of one side over all the row's rounds (≥ 2,000 requests keep the 10 ms ticks small). */
const requestsOf = (row: Row, side: 'bare' | 'app') => row.rounds.reduce((sum, round) => sum + round[side].requests, 0);
const cpuPerRequest = (row: Row, side: 'bare' | 'app') => row.rounds.reduce((sum, round) => sum + round[side].cpu, 0) / Math.max(1, requestsOf(row, side));

export function tableOf(rows: Row[]): string {
  const lines = rows.map((row) => {
    const { label, rounds, rssAfter } = row;
    const ratio = median(rounds.map((round) => round.app.rps / round.bare.rps));
    const pick = (side: 'bare' | 'app', key: 'rps' | 'p50' | 'p99') => median(rounds.map((round) => round[side][key]));
    const errors = rounds.reduce((sum, round) => sum + round.app.errors + round.bare.errors, 0);
    const [bareCpu, appCpu] = [cpuPerRequest(row, 'bare'), cpuPerRequest(row, 'app')];
    const name = row.against === 'app' ? label : `${label} [${row.against}]`;
    return `| ${name}${errors ? ` (${errors} errori)` : ''} | ${pick('bare', 'rps').toFixed(0)} | ${pick('app', 'rps').toFixed(0)} | ${ratio.toFixed(2)} | ${bareCpu.toFixed(2)} | ${appCpu.toFixed(2)} | ${(appCpu - bareCpu).toFixed(2)} | ${requestsOf(row, 'bare')}/${requestsOf(row, 'app')} | ${pick('app', 'p50')} ms | ${pick('app', 'p99')} ms | ${pick('bare', 'p50')} ms | ${pick('bare', 'p99')} ms | ${row.loadStart.toFixed(2)} → ${row.loadEnd.toFixed(2)} | ${rssAfter.toFixed(0)} MB |`;
  });
  return [
    '| chiamata | nudo req/s | app req/s | rapporto | CPU nudo ms/req | CPU app ms/req | app − nudo | richieste nudo/app | p50 app | p99 app | p50 nudo | p99 nudo | carico 1 min inizio → fine | RSS app dopo |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
  ].join('\n');
}

/** Our own cost per call: what the app spends beyond the minimal Next app's floor and the bare server's work. */
export function ownCostOf(rows: Row[], labels: string[]): string {
  const floor = rows.find((row) => row.against === 'minimo');
  if (!floor) return '';
  const nextFloor = cpuPerRequest(floor, 'app');
  const lines = rows
    .filter((row) => labels.includes(row.label))
    .map((row) => {
      const [bareCpu, appCpu] = [cpuPerRequest(row, 'bare'), cpuPerRequest(row, 'app')];
      return `| ${row.label} | ${appCpu.toFixed(2)} | ${nextFloor.toFixed(2)} | ${bareCpu.toFixed(2)} | ${(appCpu - nextFloor - bareCpu).toFixed(2)} |`;
    });
  return ['| chiamata | CPU app ms/req | Next minimo ms/req | nudo ms/req | costo nostro (app − Next minimo − nudo) |', '|---|---:|---:|---:|---:|', ...lines].join('\n');
}
