import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { z } from '@/lib/validation';

/** The answers of the dashboard group (lib/dashboard/figures.ts), as JSON: dates as strings, money in cents. */
const figure = z.object({ value: z.number(), href: z.string().describe('la pagina del CRM con gli elementi contati') });
const dayRange = z.object({ from: z.string().describe('aaaa-mm-gg'), to: z.string().describe('aaaa-mm-gg') });
const comparison = z.enum(['mese', 'stagione', 'anno']);
const conversionSide = z.object({ range: dayRange, reached: figure, won: figure, rate: z.number().nullable().describe('vinti / arrivati al cliente; null senza preventivi') });
const nation = { nationId: z.number().describe('0: non indicata'), name: z.string().nullable(), isoCode: z.string().nullable() };

export const mailsSentSchema = z.object({ thisMonth: figure, lastMonth: figure });

export const quoteValuesSchema = z.object({ proposedCents: figure, acceptedCents: figure, convertedCents: figure });

export const quoteCountsSchema = z.object({ total: figure, byProgress: z.object(Object.fromEntries(QUOTE_PROGRESS.map((progress) => [progress, figure]))) });

export const conversionSchema = z.object({ comparison, lucee: z.boolean(), current: conversionSide, previous: conversionSide.describe('gli stessi giorni un anno prima') });

export const nationalitiesSchema = z.array(z.object({ ...nation, contacts: figure }));

export const nationalityConversionSchema = z.object({
  comparison,
  range: dayRange,
  nations: z.array(z.object({ ...nation, reached: z.number(), won: z.number(), rate: z.number() })),
});

const month = z.object({ month: z.string().describe('aaaa-mm-01'), future: z.boolean(), quotes: figure, won: figure });
export const seasonsSchema = z.array(z.object({ season: z.number().describe('l’anno dell’estate'), range: dayRange, months: z.array(month), quotes: z.number(), won: z.number() }));

export const requestsOverTimeSchema = z.object({
  bucket: z.enum(['giorno', 'settimana', 'mese']),
  range: dayRange,
  href: z.string(),
  total: z.number(),
  points: z.array(z.object({ start: z.string().describe('aaaa-mm-gg, inizio del giorno, della settimana (lunedì) o del mese'), requests: z.number() })),
});

export const refreshedSchema = z.object({ refreshedAt: z.string().describe('data e ora ISO del ricalcolo') });
