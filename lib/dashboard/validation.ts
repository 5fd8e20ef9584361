import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';
import type { Comparison } from './periods';

const COMPARISONS: Record<string, Comparison> = { mese: 'mese', month: 'mese', stagione: 'stagione', season: 'stagione', anno: 'anno', year: 'anno' };
export type Bucket = 'giorno' | 'settimana' | 'mese';
const BUCKETS: Record<string, Bucket> = { giorno: 'giorno', day: 'giorno', settimana: 'settimana', week: 'settimana', mese: 'mese', month: 'mese' };

export const TOO_MUCH_DATA =
  'Stai cercando di visualizzare troppi dati, prova con un periodo più breve. Puoi visualizzare solo 100 giorni in modalità "Giorno", fino a 8 ore in modalità 5-min.';

export function parseComparison(value: string | undefined): Comparison {
  const found = value && Object.hasOwn(COMPARISONS, value.toLowerCase()) ? COMPARISONS[value.toLowerCase()] : undefined;
  if (!found) throw new AppError('bad_request', 'Periodo di confronto non valido: usa mese, stagione o anno.');
  return found;
}

export function parseBucket(value: string | undefined): Bucket {
  const found = value && Object.hasOwn(BUCKETS, value.toLowerCase()) ? BUCKETS[value.toLowerCase()] : undefined;
  if (!found) throw new AppError('bad_request', 'Raggruppamento non valido: usa giorno, settimana o mese.');
  return found;
}

export const comparisonParams = z.object({ comp: z.string().max(40) });
export const bucketParams = z.object({ value: z.string().max(40) });
/** lucee: the conversion of the lucee variant (bookings on the platform only). */
export const conversionBody = z.object({ lucee: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional() }).loose();
/** dal/al: the days of the chart, as 'dd/mm/yyyy' like the lists' filters; both optional. */
export const requestsBody = z.object({ dal: z.string().max(20).optional(), al: z.string().max(20).optional() }).loose();
