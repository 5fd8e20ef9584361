import { and, eq, sql } from 'drizzle-orm';
import { contacts, quoteCards, quotes } from '@/db/schema';
import { invalidateQuotes } from '@/lib/cache/tags';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { appUrl } from '@/lib/env';
import { guestLocaleOf } from '@/lib/i18n/locales';
import { deliverSoon } from '@/lib/mail/mailer';
import { queueAcceptanceMails } from '@/lib/mail/system-mails';
import { nameIn } from '@/lib/i18n/label-names';
import { guestEvents } from '@/lib/notifications/events';
import { changeProgress } from '@/lib/quotes/transitions';
import { guestState, type GuestQuoteKey } from './view';

/** Refusals the mini-site shows in the guest's language; `code` picks the text. */
export type GuestRefusal = 'not_found' | 'expired' | 'already_accepted' | 'not_open' | 'unknown_card';

const refuse = (code: GuestRefusal, message: string) =>
  new AppError(code === 'not_found' ? 'not_found' : code === 'unknown_card' ? 'bad_request' : 'conflict', message, { code });

async function guestQuote(ctx: CampsiteCtx, ids: GuestQuoteKey) {
  const [row] = await ctx.db
    .select({ quote: quotes, contact: contacts })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(and(eq(quotes.id, ids.quoteId), eq(quotes.campingId, ctx.campsiteId), eq(quotes.contactId, ids.contactId)));
  if (!row) throw refuse('not_found', 'Preventivo non trovato.');
  return row;
}

/**
 * The guest opened the quote: nuovo or inviato become letto, once, and the staff are told once.
 * A quote already further on is left as it is. Answers whether this view was the one that marked it.
 */
export async function markViewedByGuest(ctx: CampsiteCtx, ids: GuestQuoteKey): Promise<boolean> {
  const { quote, contact } = await guestQuote(ctx, ids);
  if (quote.progress !== 'nuovo' && quote.progress !== 'inviato') return false;
  if (guestState(quote.progress, quote.validUntil) === 'expired') return false;
  try {
    await changeProgress(ctx, {
      quoteId: quote.id,
      to: 'letto',
      actor: 'guest',
      patch: { readAt: new Date() },
    });
  } catch (error) {
    // Another view marked it a moment ago: that one told the staff.
    if (error instanceof AppError && error.kind === 'conflict') return false;
    throw error;
  }
  await guestEvents.read(ctx, quote, contact);
  return true;
}

/** The guest accepts one offer (accettaPreventivo/{idx}); only an open quote within its validity. */
export async function acceptByGuest(ctx: CampsiteCtx, ids: GuestQuoteKey, cardIdx: number, origin = appUrl()) {
  const { campsiteId } = ctx;
  const { quote, contact } = await guestQuote(ctx, ids);
  const state = guestState(quote.progress, quote.validUntil);
  if (state === 'accepted' || state === 'booked') throw refuse('already_accepted', 'Il preventivo è già stato accettato.');
  if (state === 'expired') throw refuse('expired', 'Il preventivo è scaduto.');
  if (state !== 'open') throw refuse('not_open', 'Il preventivo non è disponibile.');
  const [card] = await ctx.db
    .select({ idx: quoteCards.idx, typologyName: quoteCards.typologyName, guestLabels: quoteCards.guestLabels, totalCents: quoteCards.totalCents })
    .from(quoteCards)
    .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.campingId, campsiteId), eq(quoteCards.idx, cardIdx)));
  if (!card || card.totalCents <= 0) throw refuse('unknown_card', 'Offerta non trovata.');
  let accepted;
  try {
    // The move, the staff's notice and the mails, all or none (a savepoint in the unit of work's transaction).
    accepted = await ctx.db.transaction(async (tx) => {
      const moved = await changeProgress({ ...ctx, db: tx }, {
        quoteId: quote.id,
        to: 'accettato',
        actor: 'guest',
        note: `Accettata la scheda ${cardIdx + 1}`,
        patch: { acceptedCardIdx: cardIdx, acceptedAt: new Date(), readAt: quote.readAt ?? new Date() },
      });
      await guestEvents.accepted({ ...ctx, db: tx }, quote, contact, card.typologyName);
      const locale = guestLocaleOf(quote.languageId ?? contact.languageId);
      await queueAcceptanceMails({ ...ctx, db: tx }, {
        guest: contact,
        locale,
        origin,
        quote: { id: quote.id, name: quote.name === 'undefined' ? '' : quote.name },
        offer: card.typologyName,
        guestOffer: nameIn(card.guestLabels.typology, locale, card.typologyName),
      });
      return moved;
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') throw refuse('already_accepted', 'Il preventivo è già stato accettato.');
    throw error;
  }
  invalidateQuotes([quote.id]);
  deliverSoon();
  return accepted;
}

/** The guest gives the quote a name of their own (rinominaPreventivo). */
export async function renameByGuest(ctx: CampsiteCtx, ids: GuestQuoteKey, name: string) {
  const { quote } = await guestQuote(ctx, ids);
  const [renamed] = await ctx.db
    .update(quotes)
    .set({ name, version: sql`${quotes.version} + 1` })
    .where(and(eq(quotes.id, quote.id), eq(quotes.campingId, ctx.campsiteId)))
    .returning();
  invalidateQuotes([quote.id]);
  return renamed;
}
