import { conversion, mailsSent, nationalities, nationalityConversion, quoteTotals, seasons } from '@/lib/dashboard/figures';
import { requestsOverTime } from '@/lib/dashboard/requests';
import { refreshDashboard } from '@/lib/dashboard/service';
import { bucketParams, comparisonParams, conversionBody, parseBucket, parseComparison, requestsBody } from '@/lib/dashboard/validation';
import { endpoint, type Endpoint } from '../endpoint';
import {
  conversionSchema,
  mailsSentSchema,
  nationalitiesSchema,
  nationalityConversionSchema,
  quoteCountsSchema,
  quoteValuesSchema,
  refreshedSchema,
  requestsOverTimeSchema,
  seasonsSchema,
} from '../shapes/dashboard';

/** The dashboard group: every answer is read from the campsite's daily aggregates; forceUpdate rebuilds them. */
const group = 'dashboard';
const periods = 'mese (questo mese), stagione (dal 1° ottobre) o anno, fino a oggi, contro gli stessi giorni di un anno prima';

export const dashboardRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/dashboard/emailBadge',
    auth: 'bearer',
    group,
    summary: 'E-mail inviate questo mese e il mese prima (giorni di Europe/Rome).',
    response: mailsSentSchema,
    handler: async (ctx) => mailsSent(ctx, new Date()),
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/quotesValueBadge',
    auth: 'bearer',
    group,
    summary:
      'Valore dei preventivi in centesimi: proposto (per ogni preventivo arrivato al cliente, la scheda di totale più alto), accettato (scheda accettata di accettati e convertiti), convertito (scheda accettata dei convertiti).',
    response: quoteValuesSchema,
    handler: async (ctx) => (await quoteTotals(ctx)).value,
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/quotesBadge',
    auth: 'bearer',
    group,
    summary: 'Numero di preventivi per stato, e il totale.',
    response: quoteCountsSchema,
    handler: async (ctx) => {
      const totals = await quoteTotals(ctx);
      return { total: totals.total, byProgress: totals.byProgress };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/conversion/{comp}',
    auth: 'bearer',
    group,
    summary: `Conversione dei preventivi creati nel periodo ${periods}. Con lucee: true contano solo i convertiti. Periodo sconosciuto: 400.`,
    params: comparisonParams,
    body: conversionBody,
    response: conversionSchema,
    handler: async (ctx, { params, body }) =>
      conversion(ctx, parseComparison(params.comp), new Date(), body.lucee === true || body.lucee === 'true'),
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/nationality',
    auth: 'bearer',
    group,
    summary: 'Contatti per nazionalità (nationId 0: non indicata), dai più numerosi.',
    response: nationalitiesSchema,
    handler: async (ctx) => nationalities(ctx),
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/nationalityConversion/{comp}',
    auth: 'bearer',
    group,
    summary: `Conversione per nazionalità del cliente, nel periodo ${periods}. Periodo sconosciuto: 400.`,
    params: comparisonParams,
    response: nationalityConversionSchema,
    // The answer keeps its shape: counts as numbers (the staff's dashboard links them).
    handler: async (ctx, { params }) => {
      const found = await nationalityConversion(ctx, parseComparison(params.comp), new Date());
      return { ...found, nations: found.nations.map((nation) => ({ ...nation, reached: nation.reached.value, won: nation.won.value })) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/stagioni',
    auth: 'bearer',
    group,
    summary: 'La stagione in corso e le due precedenti (1° ottobre – 30 settembre), mese per mese: preventivi creati e vinti.',
    response: seasonsSchema,
    handler: async (ctx) => (await seasons(ctx, new Date())).map((season) => ({ ...season, quotes: season.quotes.value, won: season.won.value })),
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/totalRequest/{value}',
    auth: 'bearer',
    group,
    summary:
      'Richieste ricevute per giorno, settimana o mese (value: giorno, settimana, mese), tra dal e al (gg/mm/aaaa, facoltativi). Al massimo 100 giorni per giorno; oltre: 400.',
    params: bucketParams,
    body: requestsBody,
    response: requestsOverTimeSchema,
    handler: async (ctx, { params, body }) => {
      const found = await requestsOverTime(ctx, parseBucket(params.value), body, new Date());
      return { ...found, href: found.total.href, total: found.total.value };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/dashboard/forceUpdate',
    auth: 'bearer',
    group,
    summary: 'Ricalcola subito i dati della dashboard del campeggio e restituisce l’ora dell’aggiornamento.',
    response: refreshedSchema,
    handler: async (ctx) => refreshDashboard(ctx),
  }),
];
