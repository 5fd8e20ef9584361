/** The part of next-intl's translator the outcome needs, bound to `scheduledJobs`. */
export type JobsTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * What a run did, in words: the figures the job returned («3 preventivi scaduti»), the state it
 * reached, or that it stopped and where its reason is. Which server ran it and how long it took stay in the
 * stored output for the log and the scale test; a figure without words is left out, never shown
 * as its code name.
 */
export function jobOutcome(output: Record<string, unknown> | null, t: JobsTranslator): string {
  if (!output) return '';
  // Only a run that stopped has a message (the thrown error, or pg-boss's «job timed out»): the
  // system's words stay in the stored output and the server log (job-runner.ts).
  if (typeof output.message === 'string') return t('stopped');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(output)) {
    if (key === 'esito' && typeof value === 'string') parts.unshift(t.has(`outcomes.${value}`) ? t(`outcomes.${value}`) : '');
    else if (key === 'modo' && typeof value === 'string') parts.push(t.has(`modes.${value}`) ? t(`modes.${value}`) : '');
    else if (typeof value === 'number' && t.has(`figures.${key}`)) parts.push(t(`figures.${key}`, { count: value }));
  }
  return parts.filter(Boolean).join(', ');
}
