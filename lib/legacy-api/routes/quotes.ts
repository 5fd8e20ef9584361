import { getBookingPlatform } from '@/lib/booking-platform';
import { bookQuote, checkAvailability, recordAttempt } from '@/lib/quotes/booking';
import { cardsOf, findQuote, getQuoteDetail } from '@/lib/quotes/detail';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { listQuotes } from '@/lib/quotes/queries';
import { createQuote, deleteQuote, updateQuote } from '@/lib/quotes/service';
import { quoteInputSchema, quoteListFiltersSchema } from '@/lib/quotes/validation';
import { walkQuotes } from '@/lib/quotes/walk';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { jsonArrayResponse } from '../json-stream';
import { fromLegacyQuoteInput, legacyQuoteInputSchema, legacyQuoteSchema, toLegacyQuote } from '../shapes/quote';

const group = 'quotes';
const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const prevParams = z.object({ idPrev: z.string().trim().min(1).max(100) });
const ok = z.object({ ok: z.literal(true) });

export const quoteRoutes = [
  endpoint({
    method: 'POST',
    path: '/getQuote/all',
    auth: 'bearer',
    group,
    summary: 'Tutti i preventivi del campeggio con le schede, i più recenti prima (inviati man mano, senza limite di memoria).',
    response: z.array(legacyQuoteSchema),
    handler: async (ctx) =>
      jsonArrayResponse(
        (async function* () {
          for await (const { quote, cards } of walkQuotes(ctx)) yield toLegacyQuote(quote, cards);
        })(),
      ),
  }),
  endpoint({
    method: 'POST',
    path: '/getQuote/lazy',
    auth: 'bearer',
    group,
    summary: 'Una pagina di preventivi (paginazione a cursore) con i filtri dell’elenco: testo, stato, etichetta, date gg/mm/aaaa.',
    body: quoteListFiltersSchema,
    response: z.object({ items: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().nullable() }),
    handler: async (ctx, { body }) => {
      const page = await listQuotes(ctx, body);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((item) => ({
          _id: item.id,
          name: item.name,
          progress: item.progress,
          tags: item.tags,
          date_creation: item.createdAt.toISOString(),
          scadenza: item.validUntil?.toISOString() ?? null,
          contact: item.contact.id,
          cliente: { _id: item.contact.id, nome: item.contact.firstName, cognome: item.contact.lastName, email: item.contact.email },
          schede: item.cards,
          totaleMinimo: item.minTotalCents === null ? null : item.minTotalCents / 100,
          totaleMassimo: item.maxTotalCents === null ? null : item.maxTotalCents / 100,
        })),
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getQuote/{id}',
    auth: 'bearer',
    group,
    summary: 'Un preventivo con le sue schede.',
    params: idParams,
    response: legacyQuoteSchema,
    handler: async (ctx, { params }) => {
      const detail = await getQuoteDetail(ctx, params.id);
      return toLegacyQuote(detail.quote, detail.cards);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addQuote',
    auth: 'bearer',
    group,
    summary: 'Crea un preventivo (bozza o nuovo); i prezzi delle schede sono calcolati dal listino della piattaforma.',
    body: legacyQuoteInputSchema,
    response: legacyQuoteSchema,
    handler: async (ctx, { body }) => {
      const input = quoteInputSchema.parse(fromLegacyQuoteInput(body));
      const quote = await createQuote(ctx, input, getBookingPlatform());
      return toLegacyQuote(quote, await cardsOf(ctx, quote.id));
    },
  }),
  ...(['/editQuote/{id}', '/editQuoteNoDate/{id}'] as const).map((path) =>
    endpoint({
      method: 'POST',
      path,
      auth: 'bearer',
      group,
      summary:
        path === '/editQuote/{id}'
          ? 'Modifica un preventivo; _id, __v, owner, camping e date_creation del corpo sono ignorati.'
          : 'Come editQuote, ma la data di validità (scadenza) resta quella salvata.',
      params: idParams,
      body: legacyQuoteInputSchema,
      response: legacyQuoteSchema,
      handler: async (ctx, { params, body }) => {
        const current = { quote: await findQuote(ctx, params.id), cards: await cardsOf(ctx, params.id) };
        const input = quoteInputSchema.parse(fromLegacyQuoteInput(body, current));
        const quote = await updateQuote(ctx, params.id, input, getBookingPlatform(), { keepValidity: path !== '/editQuote/{id}' });
        return toLegacyQuote(quote, await cardsOf(ctx, quote.id));
      },
    }),
  ),
  endpoint({
    method: 'POST',
    path: '/deleteQuote/{id}',
    auth: 'bearer',
    group,
    summary: 'Elimina un preventivo (non uno già convertito in prenotazione).',
    params: idParams,
    response: ok,
    handler: async (ctx, { params }) => {
      await deleteQuote(ctx, params.id);
      return { ok: true };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/quoteQuery',
    auth: 'bearer',
    group,
    summary: 'Cerca preventivi per cliente, stato o testo (al massimo 50).',
    body: z.object({ contact: z.string().trim().min(1).optional(), progress: z.enum(QUOTE_PROGRESS, 'Stato del preventivo non valido').optional(), search: z.string().max(100).optional() }),
    response: z.array(legacyQuoteSchema),
    handler: async (ctx, { body }) => {
      const page = await listQuotes(ctx, { contactId: body.contact, progress: body.progress ? [body.progress] : undefined, search: body.search, limit: 50 });
      return Promise.all(page.items.map(async (item) => toLegacyQuote(await findQuote(ctx, item.id), await cardsOf(ctx, item.id))));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/richiestaDisp/{idPrev}',
    auth: 'bearer',
    group,
    summary: 'Disponibilità sulla piattaforma per una scheda del preventivo (idx; di default quella accettata o la prima).',
    params: prevParams,
    body: z.object({ idx: z.coerce.number().int().min(0).optional() }),
    response: z.object({ disponibile: z.boolean(), risorse: z.array(z.object({ id: z.string(), nome: z.string() })) }),
    handler: async (ctx, { params, body }) => {
      const quote = await findQuote(ctx, params.idPrev);
      const availability = await checkAvailability(ctx, getBookingPlatform(), quote.id, body.idx ?? quote.acceptedCardIdx ?? 0);
      return { disponibile: availability.available, risorse: availability.resources.map((resource) => ({ id: resource.id, nome: resource.name })) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/inserisciPrenotazione/{idPrev}',
    auth: 'bearer',
    group,
    summary: 'Inserisce la prenotazione sulla piattaforma con le risorse scelte; il preventivo diventa «convertito».',
    params: prevParams,
    body: z.object({ risorse: z.array(z.string().trim().min(1)).min(1, 'Scegli almeno una risorsa').max(10), idx: z.coerce.number().int().min(0).optional() }),
    response: legacyQuoteSchema,
    handler: async (ctx, { params, body }) => {
      const quote = await findQuote(ctx, params.idPrev);
      const booked = await bookQuote(ctx, getBookingPlatform(), quote.id, { cardIdx: body.idx ?? quote.acceptedCardIdx ?? 0, resourceIds: body.risorse });
      return toLegacyQuote(booked, await cardsOf(ctx, booked.id));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addAttempt/{id}',
    auth: 'bearer',
    group,
    summary: 'Registra sul preventivo un tentativo di prenotazione fatto altrove.',
    params: idParams,
    body: z.object({
      idx: z.coerce.number().int().min(0).nullish(),
      esito: z.enum(['ok', 'ko']).default('ko'),
      errore: z.string().max(2000).nullish(),
      risposta: z.unknown().optional(),
    }),
    response: ok,
    handler: async (ctx, { params, body }) => {
      await recordAttempt(ctx, params.id, { cardIdx: body.idx, outcome: body.esito === 'ok' ? 'ok' : 'failed', error: body.errore, response: body.risposta });
      return { ok: true };
    },
  }),
];
