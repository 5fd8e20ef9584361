import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { contacts, quoteCards, quoteRequests, quotes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { guestEvents } from '@/lib/notifications/events';
import { openRequestQuote } from '@/lib/requests/store';
import { guestState, type GuestQuoteKey } from './view';

const DAY_MS = 86_400_000;
/** Another click within a day is the same wish: the staff get one request, not one per click. */
export const RENEWAL_WINDOW_MS = DAY_MS;
/** The request's payload key naming the expired quote: how a repeated click finds the first. */
export const RENEWAL_KEY = 'preventivoScaduto';

const italianDate = (iso: string) => iso.split('-').reverse().join('/');

export type RenewalOutcome = { filed: boolean; quoteId: string };

/**
 * The guest of an expired quote asks for a new one (the mini-site's "Richiedi un nuovo
 * preventivo"): a request (quote 'richiesta') for the same contact with the first offer's stay
 * and party and a message naming the expired quote, and the staff's bell rings as for a form
 * request. Within a day of the last such request for this quote nothing new is filed: the answer
 * says so (filed: false). Two clicks at once take turns on a lock, so they cannot both file.
 */
export async function requestNewQuoteByGuest(ctx: CampsiteCtx, ids: GuestQuoteKey, now = new Date()): Promise<RenewalOutcome> {
  const { campsiteId } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ quote: quotes, contact: contacts })
      .from(quotes)
      .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
      .where(and(eq(quotes.id, ids.quoteId), eq(quotes.campingId, campsiteId), eq(quotes.contactId, ids.contactId)));
    if (!row) throw new AppError('not_found', 'Preventivo non trovato.', { code: 'not_found' });
    const { quote, contact } = row;
    if (guestState(quote.progress, quote.validUntil, now) !== 'expired') {
      throw new AppError('conflict', 'Il preventivo è ancora valido: si può accettare dal mini-sito.', { code: 'not_expired' });
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rinnovo:${campsiteId}:${quote.id}`}::text))`);
    const [earlier] = await tx
      .select({ quoteId: quoteRequests.quoteId })
      .from(quoteRequests)
      .where(
        and(
          eq(quoteRequests.campingId, campsiteId),
          eq(quoteRequests.contactId, contact.id),
          sql`${quoteRequests.payload} ->> ${RENEWAL_KEY} = ${quote.id}::text`,
          gt(quoteRequests.createdAt, new Date(now.getTime() - RENEWAL_WINDOW_MS)),
        ),
      )
      .orderBy(desc(quoteRequests.createdAt))
      .limit(1);
    if (earlier) return { filed: false, quoteId: earlier.quoteId };

    const [card] = await tx
      .select()
      .from(quoteCards)
      .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.campingId, campsiteId)))
      .orderBy(asc(quoteCards.idx))
      .limit(1);
    const party = (card?.people ?? []).filter((person) => person.count > 0).map((person) => `${person.count} × ${person.label}`).join(', ');
    const name = quote.name && quote.name !== 'undefined' ? `«${quote.name}»` : 'senza nome';
    const expiredOn = quote.validUntil ? ` il ${formatDate(quote.validUntil)}` : '';
    const stay = card?.arrival && card.departure ? `dal ${italianDate(card.arrival)} al ${italianDate(card.departure)}` : '';
    const message = [
      `Il preventivo ${name} è scaduto${expiredOn}: il cliente ne chiede uno nuovo dal mini-sito.`,
      card ? `Come nella prima proposta: ${[card.typologyName, stay, party].filter(Boolean).join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const request = await openRequestQuote({ ...ctx, db: tx }, {
      contactId: contact.id,
      ownerId: quote.ownerId,
      languageId: quote.languageId ?? contact.languageId,
      note: `Nuovo preventivo chiesto dal mini-sito: ${name} era scaduto`,
      request: {
        arrival: card?.arrival ?? null,
        departure: card?.departure ?? null,
        message,
        payload: {
          ...(card?.arrival ? { arrivo: card.arrival } : {}),
          ...(card?.departure ? { partenza: card.departure } : {}),
          ...(card ? { tipologia: card.typologyName } : {}),
          ...(party ? { ospiti: party } : {}),
          [RENEWAL_KEY]: quote.id,
        },
      },
      now,
    });
    await guestEvents.request({ ...ctx, db: tx }, request, contact, [party ? `per ${party}` : '', stay].filter(Boolean).join(' '));
    return { filed: true, quoteId: request.id };
  });
}
