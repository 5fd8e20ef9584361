import type { ImportResult } from './run';

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The verification report as the terminal shows it, in Italian. */
export function formatReport(result: ImportResult, seconds: number): string {
  const { report } = result;
  const lines = [
    report.dryRun ? 'Prova (--dry-run): letto tutto, scritto nulla.' : `Importazione ${result.resumed ? 'ripresa e ' : ''}completata nel campeggio ${result.campsiteId}.`,
    '',
    `${'Tipo'.padEnd(22)}${pad('vecchio CRM', 12)}${pad('qui', 10)}${pad('scritti', 10)}${pad('uguali', 10)}${pad('scartati', 10)}`,
    ...report.kinds.map((kind) => `${kind.label.padEnd(22)}${pad(kind.there, 12)}${pad(kind.here, 10)}${pad(kind.written, 10)}${pad(kind.unchanged, 10)}${pad(kind.skipped, 10)}`),
    '',
  ];
  for (const sample of report.samples) {
    lines.push(
      sample.differences.length
        ? `${sample.kind}: ${sample.compared} record confrontati campo per campo, ${sample.differences.length} differenze:`
        : `${sample.kind}: ${sample.compared} record confrontati campo per campo, nessuna differenza.`,
    );
    for (const difference of sample.differences.slice(0, 20)) {
      lines.push(`  ${difference.oldId} · ${difference.field}: vecchio ${JSON.stringify(difference.there)}, qui ${JSON.stringify(difference.here)}`);
    }
  }
  if (report.skippedTotal) {
    lines.push('', `Scartati ${report.skippedTotal} record:`);
    for (const skip of report.skipped.slice(0, 50)) lines.push(`  ${skip.kind} ${skip.oldId}: ${skip.reason}`);
  }
  lines.push('', `${report.calls} chiamate al vecchio CRM in ${seconds.toFixed(1)} s.`, '');
  return lines.join('\n');
}
