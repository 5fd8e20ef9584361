import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { campsites, contacts, images, quoteCards, quotes, typologyDescriptions, type CampsiteContacts, type OpeningHours } from '@/db/schema';
import { guestHoursNote, guestTextOverrides } from '@/lib/campsites/guest-texts';
import { openingHoursOf } from '@/lib/campsites/settings-defaults';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { sanitizeHtml } from '@/lib/html/sanitize';
import type { GuestTextOverrides } from '@/lib/i18n/guest-overrides';
import { guestLocaleOf, LANGUAGE_ID_OF, type GuestLocale } from '@/lib/i18n/locales';
import { isExpirable, isExpired } from '@/lib/quotes/expiry';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { quoteQuestionThread } from '@/lib/quote-questions/threads';
import { guestPriceLine, nameIn, type GuestPriceLine } from './guest-lines';

/** Enough to show the place; a gallery belongs to the campsite's own site. */
const MAX_CARD_PICTURES = 3;

export type GuestQuoteIds = { campsiteId: string; quoteId: string; contactId: string };
/** A guest link's quote and guest; its campsite is the unit of work's. */
export type GuestQuoteKey = Pick<GuestQuoteIds, 'quoteId' | 'contactId'>;

/** What the guest may do with the quote now. */
export type GuestQuoteState = 'open' | 'accepted' | 'booked' | 'expired' | 'closed' | 'preparing';

export type GuestCard = {
  id: string;
  idx: number;
  typologyName: string;
  arrival: string | null;
  departure: string | null;
  nights: number | null;
  people: { label: string; count: number }[];
  extras: { label: string; quantity: number }[];
  priceLines: GuestPriceLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  offerName: string | null;
  /** Sanitised HTML written by the staff. */
  text: string;
  description: string | null;
  /** The card's own pictures, else those of its accommodation type in the image manager. */
  images: { id: string; alt: string }[];
};

/** A guest's question and the campsite's answers, plain text (rendered escaped), oldest first. */
export type GuestQuestion = { id: string; cardIdx: number | null; body: string; createdAt: string; answers: { id: string; body: string; createdAt: string }[] };

export type GuestQuoteView = {
  locale: GuestLocale;
  campsite: { id: string; name: string; contacts: CampsiteContacts | null; openingHours: OpeningHours };
  /** The campsite's own wording of the mini-site's texts in the guest's language (Localizzazione). */
  texts: GuestTextOverrides;
  guest: { firstName: string; lastName: string };
  quote: { id: string; name: string; state: GuestQuoteState; validUntil: string | null; acceptedCardIdx: number | null; awaitingRead: boolean };
  cards: GuestCard[];
  questions: GuestQuestion[];
};

export function guestState(progress: QuoteProgress, validUntil: Date | null, now = new Date()): GuestQuoteState {
  if (progress === 'accettato') return 'accepted';
  if (progress === 'convertito') return 'booked';
  if (progress === 'richiesta' || progress === 'bozza') return 'preparing';
  if (isExpired(progress, validUntil, now)) return 'expired';
  return isExpirable(progress) ? 'open' : 'closed';
}

/** The campsite's hours as the guest reads them: the staff's note in the guest's language, never Italian to a foreign guest. */
const guestOpeningHours = (stored: Partial<OpeningHours> | null, locale: GuestLocale): OpeningHours => {
  const { notesByLanguage, ...hours } = openingHoursOf(stored);
  return { ...hours, notes: guestHoursNote({ notes: hours.notes, notesByLanguage }, locale) };
};

const nightsOf = (arrival: string | null, departure: string | null) =>
  arrival && departure ? Math.round((Date.parse(departure) - Date.parse(arrival)) / 86_400_000) : null;

/**
 * The guest's view of a quote, or null unless all three ids belong together: a link with any
 * part wrong is simply not found, whichever part it is.
 */
export async function buildGuestQuoteView(ctx: CampsiteCtx, ids: GuestQuoteKey): Promise<GuestQuoteView | null> {
  const db = ctx.db;
  const [row] = await db
    .select({ quote: quotes, contact: contacts, campsite: campsites })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .innerJoin(campsites, eq(campsites.id, quotes.campingId))
    .where(and(eq(quotes.id, ids.quoteId), eq(quotes.campingId, ctx.campsiteId), eq(quotes.contactId, ids.contactId)));
  if (!row) return null;
  const { quote, contact, campsite } = row;
  const languageId = quote.languageId ?? contact.languageId ?? 1;
  const cards = await db
    .select()
    .from(quoteCards)
    .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.campingId, campsite.id)))
    .orderBy(asc(quoteCards.idx));
  const typologyIds = [...new Set(cards.map((card) => card.typologyId).filter((id): id is string => Boolean(id)))];
  // A foreign guest whose language has no description reads the English one, never the Italian one (issue 27).
  const descriptionLanguages = languageId === LANGUAGE_ID_OF.it ? [languageId] : [...new Set([languageId, LANGUAGE_ID_OF.en])];
  const descriptions = typologyIds.length
    ? await db
        .select({ typologyId: typologyDescriptions.typologyId, languageId: typologyDescriptions.languageId, html: typologyDescriptions.html })
        .from(typologyDescriptions)
        .where(
          and(
            eq(typologyDescriptions.campingId, campsite.id),
            inArray(typologyDescriptions.languageId, descriptionLanguages),
            inArray(typologyDescriptions.typologyId, typologyIds),
          ),
        )
    : [];
  const chosenIds = [...new Set(cards.flatMap((card) => card.imageIds))];
  const pictures =
    typologyIds.length || chosenIds.length
      ? await db
          .select({ id: images.id, alt: images.alt, typologyId: images.typologyId })
          .from(images)
          .where(
            and(
              eq(images.campingId, campsite.id),
              or(typologyIds.length ? inArray(images.typologyId, typologyIds) : undefined, chosenIds.length ? inArray(images.id, chosenIds) : undefined),
            ),
          )
          .orderBy(desc(images.createdAt), asc(images.id))
          .limit(200)
      : [];
  const picturesOf = (card: { imageIds: string[]; typologyId: string | null }, typologyName: string) => {
    const own = card.imageIds.map((id) => pictures.find((picture) => picture.id === id)).filter((picture) => picture !== undefined);
    const chosen = own.length ? own : pictures.filter((picture) => card.typologyId && picture.typologyId === card.typologyId);
    return chosen.slice(0, MAX_CARD_PICTURES).map((picture) => ({ id: picture.id, alt: picture.alt || typologyName }));
  };
  const description = (typologyId: string | null) => {
    const own = descriptions.filter((entry) => entry.typologyId === typologyId);
    const html = (own.find((entry) => entry.languageId === languageId) ?? own[0])?.html;
    return html ? sanitizeHtml(html) : null;
  };
  const locale = guestLocaleOf(languageId);
  const questions = await quoteQuestionThread(ctx, { quoteId: quote.id });
  return {
    locale,
    campsite: { id: campsite.id, name: campsite.name, contacts: campsite.contacts, openingHours: guestOpeningHours(campsite.openingHours, locale) },
    texts: guestTextOverrides(campsite.localization, locale, 'guestQuote'),
    guest: { firstName: contact.firstName, lastName: contact.lastName },
    quote: {
      id: quote.id,
      name: quote.name === 'undefined' ? '' : quote.name,
      state: guestState(quote.progress, quote.validUntil),
      validUntil: quote.validUntil?.toISOString() ?? null,
      acceptedCardIdx: quote.acceptedCardIdx,
      awaitingRead: quote.progress === 'nuovo' || quote.progress === 'inviato',
    },
    cards: cards
      .filter((card) => card.totalCents > 0)
      .map((card) => ({
        id: card.id,
        idx: card.idx,
        typologyName: nameIn(card.guestLabels.typology, locale, card.typologyName),
        arrival: card.arrival,
        departure: card.departure,
        nights: nightsOf(card.arrival, card.departure),
        people: card.people.filter((person) => person.count > 0).map(({ label, names, count }) => ({ label: nameIn(names, locale, label), count })),
        extras: [...card.vehicles, ...card.services]
          .filter((item) => item.quantity > 0)
          .map(({ label, names, quantity }) => ({ label: nameIn(names, locale, label), quantity })),
        priceLines: card.priceLines.map((line) => guestPriceLine(line, locale)),
        subtotalCents: card.subtotalCents,
        discountCents: card.subtotalCents - card.totalCents,
        totalCents: card.totalCents,
        offerName: card.offerName === null ? null : nameIn(card.guestLabels.offer, locale, card.offerName),
        text: card.text ? sanitizeHtml(card.text) : '',
        description: description(card.typologyId),
        images: picturesOf(card, nameIn(card.guestLabels.typology, locale, card.typologyName)),
      })),
    // The staff's names stay with the staff: the guest reads the campsite's answer.
    questions: questions.map((question) => ({
      id: question.id,
      cardIdx: question.cardIdx,
      body: question.body,
      createdAt: question.createdAt.toISOString(),
      answers: question.answers.map((answer) => ({ id: answer.id, body: answer.body, createdAt: answer.createdAt.toISOString() })),
    })),
  };
}
