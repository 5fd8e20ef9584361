/** The part of next-intl's translator the outcome needs, bound to `scheduledJobs`. */
export type JobsTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * What a run did, in words: the figures the job returned («3 preventivi scaduti»), the state it
 * reached, or the error that stopped it. Which server ran it and how long it took stay in the
 * stored output for the log and the scale test; a figure without words is left out, never shown
 * as its code name.
 */
export function jobOutcome(output: Record<string, unknown> | null, t: JobsTranslator): string {
  if (!output) return '';
  if (typeof output.message === 'string') return output.message;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(output)) {
    if (key === 'esito' && typeof value === 'string') parts.unshift(t.has(`outcomes.${value}`) ? t(`outcomes.${value}`) : '');
    else if (key === 'modo' && typeof value === 'string') parts.push(t.has(`modes.${value}`) ? t(`modes.${value}`) : '');
    else if (typeof value === 'number' && t.has(`figures.${key}`)) parts.push(t(`figures.${key}`, { count: value }));
  }
  return parts.filter(Boolean).join(', ');
}
