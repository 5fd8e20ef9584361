import { and, eq } from 'drizzle-orm';
import { contacts, quotes } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { acceptByGuest, markViewedByGuest, renameByGuest } from '@/lib/public-quotes/service';
import { buildGuestQuoteView, type GuestQuoteIds } from '@/lib/public-quotes/view';
import type { Database } from '@/db/client';
import { z } from '@/lib/validation';
import { endpoint, type PublicContext } from '../endpoint';
import { guestContextOf } from '../guest-context';

const id = z.string().trim().min(1).max(100);
const quoteParams = z.object({ idCamp: id, idPrev: id });
/** The guest's own id, when the caller knows it (the mini-site does): it must match. */
const guestBody = z.object({ cliente: id.optional() });

/** The quote id is the capability; the campsite (and the guest, when given) must match it. */
async function guestIds(db: Database, idCamp: string, idPrev: string, cliente?: string): Promise<GuestQuoteIds> {
  const [quote] = await db
    .select({ contactId: quotes.contactId })
    .from(quotes)
    .where(and(eq(quotes.id, idPrev), eq(quotes.campingId, idCamp)));
  if (!quote || (cliente && cliente !== quote.contactId)) throw new AppError('not_found', 'Preventivo non trovato.');
  return { campsiteId: idCamp, quoteId: idPrev, contactId: quote.contactId };
}

const guarded = <T>(ctx: PublicContext, call: () => Promise<T>) => withMissGuard(ctx.db, ctx.client.ip, call);

/** The guest's quote, once its ids are checked, and the unit of work for its campsite. */
async function guestQuote(ctx: PublicContext, params: { idCamp: string; idPrev: string }, cliente?: string) {
  const ids = await guestIds(ctx.db, params.idCamp, params.idPrev, cliente);
  return { ids, guest: guestContextOf(ctx, ids.campsiteId) };
}

export const publicQuoteRoutes = [
  endpoint({
    method: 'POST',
    path: '/getQuoteNoAuth/{idCamp}/{idPrev}',
    auth: 'public',
    group: 'quotes',
    summary: 'Il preventivo come lo vede il cliente sul mini-sito (senza dati interni dello staff).',
    params: quoteParams,
    body: guestBody,
    response: z.record(z.string(), z.unknown()),
    handler: (ctx, { params, body }) =>
      guarded(ctx, async () => {
        const { ids, guest } = await guestQuote(ctx, params, body.cliente);
        const view = await buildGuestQuoteView(guest, ids);
        if (!view) throw new AppError('not_found', 'Preventivo non trovato.');
        return view;
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/visualizzato/{idCamp}/{idPrev}',
    auth: 'public',
    group: 'quotes',
    summary: 'Il cliente ha aperto il preventivo: diventa «letto» (solo in avanti, una volta sola).',
    params: quoteParams,
    body: guestBody,
    response: z.object({ letto: z.boolean() }),
    handler: (ctx, { params, body }) =>
      guarded(ctx, async () => {
        const { ids, guest } = await guestQuote(ctx, params, body.cliente);
        return { letto: await markViewedByGuest(guest, ids) };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/rinominaPreventivo/{idCamp}/{idPrev}',
    auth: 'public',
    group: 'quotes',
    summary: 'Il cliente dà un nome al preventivo.',
    params: quoteParams,
    body: guestBody.extend({ nome: z.string().trim().min(1, 'Indica un nome').max(120, 'Nome troppo lungo') }),
    response: z.object({ nome: z.string() }),
    handler: (ctx, { params, body }) =>
      guarded(ctx, async () => {
        const { ids, guest } = await guestQuote(ctx, params, body.cliente);
        return { nome: (await renameByGuest(guest, ids, body.nome)).name };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/accettaPreventivo/{idCamp}/{idPrev}/{idx}',
    auth: 'public',
    group: 'quotes',
    summary: 'Il cliente accetta l’offerta idx: il preventivo diventa «accettato» e lo staff riceve una notifica.',
    params: quoteParams.extend({ idx: z.coerce.number().int().min(0).max(50) }),
    body: guestBody,
    response: z.object({ accettata: z.number() }),
    handler: (ctx, { params, body }) =>
      guarded(ctx, async () => {
        const { ids, guest } = await guestQuote(ctx, params, body.cliente);
        const accepted = await acceptByGuest(guest, ids, params.idx, ctx.origin);
        return { accettata: accepted.acceptedCardIdx ?? params.idx };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/getContact/noAuth/{cliente}',
    auth: 'public',
    group: 'contacts',
    summary: 'Nome e lingua del cliente, per le pagine pubbliche (nient’altro).',
    params: z.object({ cliente: id }),
    body: z.object({ camping: id }),
    response: z.object({ _id: z.string(), nome: z.string(), cognome: z.string(), language: z.number().nullable() }),
    handler: (ctx, { params, body }) =>
      guarded(ctx, async () => {
        const [contact] = await ctx.db
          .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, languageId: contacts.languageId })
          .from(contacts)
          .where(and(eq(contacts.id, params.cliente), eq(contacts.campingId, body.camping)));
        if (!contact) throw new AppError('not_found', 'Cliente non trovato.');
        return { _id: contact.id, nome: contact.firstName, cognome: contact.lastName, language: contact.languageId };
      }),
  }),
];
