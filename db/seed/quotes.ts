import { newId } from '../../lib/ids';
import { QUOTE_PROGRESS, type QuoteProgress } from '../../lib/vocabulary/quote-progress';
import { guestLocaleOf, type GuestLocale } from '../../lib/i18n/locales';
import type { NotificationGroup, quoteCards, quoteProgressEvents, quoteRequests, quotes } from '../schema';
import { planCards, planDates, planParty, type CardRow, type Party, type StayDates } from './cards';
import { QUOTE_TAGS, type DemoCampsiteSpec, type SeededUser } from './campsites';
import type { SeedContact } from './contacts';
import { formatGuestDate, nightsBetween } from './dates';
import { GERMAN, ITALIAN } from './people';
import type { Random } from './random';
import { NOT_CONVERTED_NOTES, plural, REFUSAL_REASONS, requestMessage } from './texts';
import { pickCreatedAt, planTimeline, type Timeline } from './timeline';

export type Notice = { group: NotificationGroup; at: Date; quoteId: string; contactId: string; description: string };

export type QuotePlan = {
  quotes: (typeof quotes.$inferInsert)[];
  cards: (typeof quoteCards.$inferInsert)[];
  events: (typeof quoteProgressEvents.$inferInsert)[];
  requests: (typeof quoteRequests.$inferInsert)[];
  notices: Notice[];
};

/** More quotes waiting for or read by guests, few closed without a booking; at least one of each. */
const PROGRESS_WEIGHTS: Record<QuoteProgress, number> = {
  richiesta: 10, bozza: 7, nuovo: 8, inviato: 16, letto: 14, accettato: 13, rifiutato: 8, convertito: 12, 'non convertito': 4, scaduto: 8,
};

export function progressCounts(total: number): Record<QuoteProgress, number> {
  const weightSum = QUOTE_PROGRESS.reduce((sum, progress) => sum + PROGRESS_WEIGHTS[progress], 0);
  const exact = QUOTE_PROGRESS.map((progress) => ({ progress, value: Math.max(1, (total * PROGRESS_WEIGHTS[progress]) / weightSum) }));
  const counts = Object.fromEntries(exact.map(({ progress, value }) => [progress, Math.floor(value)])) as Record<QuoteProgress, number>;
  let missing = total - Object.values(counts).reduce((sum, value) => sum + value, 0);
  for (const { progress } of [...exact].sort((a, b) => (b.value % 1) - (a.value % 1))) {
    if (missing <= 0) break;
    counts[progress] += 1;
    missing -= 1;
  }
  return counts;
}

/** Someone already known when the quote was made, preferring guests without a quote yet. */
function pickContact(random: Random, contacts: SeedContact[], createdAt: Date, withQuote: Set<string>): SeedContact {
  const known = contacts.filter((contact) => contact.row.createdAt <= createdAt);
  const fresh = known.filter((contact) => !withQuote.has(contact.row.id));
  const pool = fresh.length > 0 && random.chance(0.75) ? fresh : known;
  const contact = pool.length > 0 ? random.pick(pool) : contacts[0];
  if (!contact) throw new Error('Nessun contatto per i preventivi');
  withQuote.add(contact.row.id);
  return contact;
}

/** The seasons a demo title names, and the family, in the guest's language: the title is the heading of their page (issue 27). */
const TITLE_WORDS: Record<GuestLocale, { periods: Record<'4' | '5' | '6' | '9' | 'summer', string>; family: (lastName: string) => string }> = {
  it: { periods: { 4: 'Primavera', 5: 'Maggio', 6: 'Giugno', 9: 'Settembre', summer: 'Estate' }, family: (name) => `Famiglia ${name}` },
  de: { periods: { 4: 'Frühling', 5: 'Mai', 6: 'Juni', 9: 'September', summer: 'Sommer' }, family: (name) => `Familie ${name}` },
  en: { periods: { 4: 'Spring', 5: 'May', 6: 'June', 9: 'September', summer: 'Summer' }, family: (name) => `${name} family` },
  nl: { periods: { 4: 'Voorjaar', 5: 'Mei', 6: 'Juni', 9: 'September', summer: 'Zomer' }, family: (name) => `Familie ${name}` },
  fr: { periods: { 4: 'Printemps', 5: 'Mai', 6: 'Juin', 9: 'Septembre', summer: 'Été' }, family: (name) => `Famille ${name}` },
};

function quoteName(dates: StayDates, party: Party, contact: SeedContact): string {
  const words = TITLE_WORDS[guestLocaleOf(contact.guest.languageId)];
  const month = dates.arrival.slice(5, 7).replace(/^0/, '');
  const period = `${words.periods[(['4', '5', '6', '9'].includes(month) ? month : 'summer') as keyof typeof words.periods]} 2027`;
  const who = party.children > 0 ? words.family(contact.row.lastName ?? '') : `${contact.row.firstName} ${contact.row.lastName}`;
  return `${period} – ${who}`;
}

function quoteTags(random: Random, spec: DemoCampsiteSpec, dates: StayDates, progress: QuoteProgress): string[] {
  const tags: string[] = [];
  const month = Number(dates.arrival.slice(5, 7));
  if ((month === 7 || month === 8) && random.chance(0.7)) tags.push(QUOTE_TAGS.highSeason);
  if (nightsBetween(dates.arrival, dates.departure) >= 10) tags.push(QUOTE_TAGS.longStay);
  if (['inviato', 'letto', 'nuovo'].includes(progress) && random.chance(0.15)) tags.push(QUOTE_TAGS.callBack);
  const shared = Object.values<string>(QUOTE_TAGS);
  for (const tag of spec.settings.personalizedQuoteTags ?? []) if (!shared.includes(tag.name) && random.chance(0.08)) tags.push(tag.name);
  return tags;
}

const languageCode = (languageId: number) => (languageId === ITALIAN ? 'it' : languageId === GERMAN ? 'de' : 'en');

function requestRow(random: Random, spec: DemoCampsiteSpec, contact: SeedContact, party: Party, dates: StayDates, firstCard: CardRow) {
  const { guest, row } = contact;
  const message = requestMessage(random, { languageId: guest.languageId, adults: party.adults, children: party.children + party.infants, ...dates, hasDog: party.hasDog, camper: party.camper });
  const showsTypology = spec.settings.contactFormFields?.some((field) => field.field === 'tipologia' && field.visible) ?? false;
  const payload: Record<string, unknown> = {
    nome: row.firstName, cognome: row.lastName, email: row.email, telefono: `${guest.phonePrefix} ${guest.phone}`,
    nazione: guest.nationName, lingua: languageCode(guest.languageId), arrivo: dates.arrival, partenza: dates.departure,
    ...(showsTypology ? { tipologia: firstCard.typologyName } : {}),
    adulti: party.adults, bambini: party.children + party.infants, messaggio: message, privacy: true,
  };
  return { languageId: guest.languageId, arrival: dates.arrival, departure: dates.departure, message, payload };
}

export function planQuotes(random: Random, spec: DemoCampsiteSpec, campingId: string, contacts: SeedContact[], users: SeededUser[], now: Date): QuotePlan {
  const plan: QuotePlan = { quotes: [], cards: [], events: [], requests: [], notices: [] };
  const staff = users.filter((user) => user.role !== 'service');
  const withQuote = new Set<string>();
  let bookingSequence = 1000;
  const counts = progressCounts(spec.quoteCount);

  for (const progress of QUOTE_PROGRESS) {
    for (let n = 0; n < counts[progress]; n++) {
      let createdAt = pickCreatedAt(random, progress, now, progress === 'richiesta' && n < 2);
      const contact = pickContact(random, contacts, createdAt, withQuote);
      if (contact.row.createdAt > createdAt) createdAt = contact.row.createdAt;
      const ownerId = staff.find((user) => user.id === contact.row.ownerId)?.id ?? random.pick(staff).id;
      const party = planParty(random, contact);
      const dates = planDates(random);
      const cards = planCards(random, spec, contact.guest, party, dates, progress === 'richiesta' ? 1 : random.weighted([[1, 50], [2, 35], [3, 15]] as const));
      const timeline: Timeline = planTimeline(random, progress, createdAt, now);
      const at = (step: QuoteProgress) => timeline.events.find((event) => event.to === step)?.at ?? null;
      const lastAt = timeline.events[timeline.events.length - 1]?.at ?? createdAt;
      const quoteId = newId();
      const name = quoteName(dates, party, contact);
      const acceptedAt = at('accettato');
      const acceptedCardIdx = acceptedAt ? random.int(0, cards.length - 1) : null;
      const converted = progress === 'convertito';
      const bookingNumber = converted ? String(++bookingSequence) : null;
      const refusalReason = progress === 'rifiutato' ? random.pick(REFUSAL_REASONS) : null;

      plan.quotes.push({
        id: quoteId, campingId, contactId: contact.row.id, ownerId, name, languageId: contact.guest.languageId, progress,
        progressChangedAt: lastAt, validUntil: timeline.validUntil, tags: quoteTags(random, spec, dates, progress),
        reminderSentAt: timeline.reminderSentAt, sentAt: at('inviato'), readAt: at('letto'), acceptedCardIdx, acceptedAt,
        refusedAt: at('rifiutato'), refusalReason, bookingYear: converted ? 2027 : null, bookingNumber,
        createdAt, updatedAt: lastAt, version: timeline.events.length - 1,
      });
      plan.cards.push(...cards.map((card) => ({ ...card, campingId, quoteId, createdAt, updatedAt: createdAt })));

      const notes: Partial<Record<QuoteProgress, string>> = {
        richiesta: 'Richiesta dal modulo del sito',
        rifiutato: refusalReason ?? undefined,
        convertito: `Prenotazione n. ${bookingNumber} inserita sul gestionale`,
        'non convertito': random.pick(NOT_CONVERTED_NOTES),
        scaduto: 'Scaduto alla data di validità',
      };
      plan.events.push(
        ...timeline.events.map((event) => ({
          campingId, quoteId, fromProgress: event.from, toProgress: event.to, actorKind: event.actor,
          actorUserId: event.actor === 'staff' ? ownerId : null, note: notes[event.to] ?? null, at: event.at,
        })),
      );

      const guestName = `${contact.row.firstName} ${contact.row.lastName}`;
      const firstCard = cards[0] as CardRow;
      if (timeline.fromRequest) {
        plan.requests.push({ campingId, quoteId, contactId: contact.row.id, createdAt, ...requestRow(random, spec, contact, party, dates, firstCard) });
        const children = party.children + party.infants;
        const description = `${guestName} ha chiesto un preventivo per ${plural(party.adults, 'adulto', 'adulti')}${children ? ` e ${plural(children, 'bambino', 'bambini')}` : ''} dal ${formatGuestDate(dates.arrival, ITALIAN)} al ${formatGuestDate(dates.departure, ITALIAN)}.`;
        plan.notices.push({ group: 'richiesta', at: createdAt, quoteId, contactId: contact.row.id, description });
      }
      const readAt = at('letto');
      if (readAt) plan.notices.push({ group: 'preventivo', at: readAt, quoteId, contactId: contact.row.id, description: `${guestName} ha letto il preventivo «${name}».` });
      if (acceptedAt && acceptedCardIdx !== null) {
        const typology = cards[acceptedCardIdx]?.typologyName ?? '';
        plan.notices.push({ group: 'accettazione', at: acceptedAt, quoteId, contactId: contact.row.id, description: `${guestName} ha accettato la proposta «${typology}» del preventivo «${name}».` });
      }
    }
  }
  return plan;
}
