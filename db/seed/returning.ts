import { newId } from '../../lib/ids';
import type { DemoCatalogue } from '../../lib/booking-platform/demo-catalogue';
import { demoPriceList } from '../../lib/booking-platform/demo-platform';
import type { PriceList } from '../../lib/booking-platform/types';
import { priceCard, type CardInput } from '../../lib/booking-platform/pricing';
import type { QuoteProgress } from '../../lib/vocabulary/quote-progress';
import type { contacts, quoteCards, quoteProgressEvents, quoteRequests, quotes } from '../schema';
import { CONTACT_TAGS, type DemoCampsiteSpec, type SeededUser } from './campsites';
import { addMs, days, earlier, later } from './dates';
import { DEMO_LABEL_TRANSLATIONS } from './label-translations';
import { ENGLISH, GERMAN, ITALIAN, NATIONS } from './people';

/**
 * Returning guests for the demo: new contacts (the random plan is left as it is) who booked a stay
 * in an earlier season — with the unit the platform gave them — and are back this season with a
 * request or a quote, so the lists, the request preview and the dashboard show the feature.
 * Their requests are a week or more old: other browser tests answer the newest open request.
 */

type Party = { adults: number; children: number };
type Stay = { typology: string; unit: number; arrival: string; departure: string; vehicles: string[]; services: string[] };
type Next = { progress: Extract<QuoteProgress, 'richiesta' | 'accettato' | 'inviato'>; arrival: string; departure: string; daysAgo: number; message?: string };
type ReturningGuest = { firstName: string; lastName: string; email: string; nationId: number; city: string; phone: string; party: Party; stays: Stay[]; next: Next };

const GUESTS: Record<DemoCampsiteSpec['key'], ReturningGuest[]> = {
  'lago-azzurro': [
    {
      firstName: 'Katharina', lastName: 'Vogel', email: 'katharina.vogel@example.de', nationId: 2, city: 'Augsburg', phone: '1715550142', party: { adults: 2, children: 1 },
      stays: [{ typology: 'LA-PZ-STD', unit: 7, arrival: '2026-07-11', departure: '2026-07-25', vehicles: ['car'], services: ['electricity'] }],
      next: { progress: 'richiesta', arrival: '2027-07-17', departure: '2027-07-31', daysAgo: 9, message: 'Hallo! Wir möchten gerne wieder kommen, am liebsten auf denselben Stellplatz wie letztes Jahr.' },
    },
    {
      firstName: 'Pieter', lastName: 'Kuijpers', email: 'pieter.kuijpers@example.nl', nationId: 7, city: 'Utrecht', phone: '612345678', party: { adults: 2, children: 2 },
      stays: [{ typology: 'LA-MH-FAMILY', unit: 15, arrival: '2026-08-01', departure: '2026-08-08', vehicles: ['car'], services: ['final-cleaning'] }],
      next: { progress: 'accettato', arrival: '2027-07-31', departure: '2027-08-07', daysAgo: 12 },
    },
    {
      firstName: 'Elisa', lastName: 'Marangoni', email: 'elisa.marangoni@example.it', nationId: 1, city: 'Mantova', phone: '3395550177', party: { adults: 2, children: 0 },
      stays: [
        { typology: 'LA-BG-OLIVO', unit: 3, arrival: '2025-06-14', departure: '2025-06-21', vehicles: ['car'], services: [] },
        { typology: 'LA-BG-OLIVO', unit: 3, arrival: '2026-06-13', departure: '2026-06-20', vehicles: ['car'], services: ['linen'] },
      ],
      next: { progress: 'inviato', arrival: '2027-06-12', departure: '2027-06-19', daysAgo: 5 },
    },
  ],
  pineta: [
    {
      firstName: 'Stefan', lastName: 'Lindner', email: 'stefan.lindner@example.at', nationId: 3, city: 'Innsbruck', phone: '6645550131', party: { adults: 2, children: 2 },
      stays: [{ typology: 'PI-PZ-PINETA', unit: 7, arrival: '2026-07-04', departure: '2026-07-18', vehicles: ['camper'], services: ['electricity', 'dog'] }],
      next: { progress: 'richiesta', arrival: '2027-07-03', departure: '2027-07-17', daysAgo: 10, message: 'Wie jedes Jahr: zwei Wochen im Juli, mit Wohnmobil und Hund.' },
    },
  ],
};

/** An earlier season's list: this year's seasons a year (or more) back, prices a little lower. */
export function earlierPriceList(current: PriceList, year: number): PriceList {
  const back = 2027 - year;
  const shift = (iso: string) => `${Number(iso.slice(0, 4)) - back}${iso.slice(4)}`;
  const scale = (cents: number) => Math.round((cents * (100 - 4 * back)) / 100);
  return {
    ...current,
    id: `LISTINO-${year}`,
    name: `Listino ${year}`,
    validFrom: shift(current.validFrom),
    validTo: shift(current.validTo),
    seasons: current.seasons.map((season) => ({ ...season, periods: season.periods.map((period) => ({ from: shift(period.from), to: shift(period.to) })) })),
    typologies: current.typologies.map((typology) => ({ ...typology, nightlyCents: Object.fromEntries(Object.entries(typology.nightlyCents).map(([id, cents]) => [id, scale(cents)])) })),
    people: current.people.map((fee) => ({ ...fee, pitchNightlyCents: scale(fee.pitchNightlyCents) })),
    vehicles: current.vehicles.map((vehicle) => ({ ...vehicle, nightlyCents: scale(vehicle.nightlyCents) })),
    services: current.services.map((service) => ({ ...service, cents: scale(service.cents) })),
  };
}

type CardValues = Omit<typeof quoteCards.$inferInsert, 'quoteId' | 'campingId'>;

function card(catalogue: DemoCatalogue, priceList: PriceList, guest: ReturningGuest, stay: Omit<Stay, 'unit'>): CardValues {
  const kind = (wanted: string) => catalogue.personTypes.find((type) => type.kind === wanted);
  const adult = kind('adult');
  const child = kind('child');
  if (!adult || !child) throw new Error(`Tipi di ospite mancanti nel catalogo ${catalogue.key}`);
  const people = [
    { type: adult, count: guest.party.adults },
    { type: child, count: guest.party.children },
  ].filter((member) => member.count > 0);
  const vehicles = catalogue.vehicles.filter((vehicle) => stay.vehicles.includes(vehicle.kind));
  const services = catalogue.services.filter((service) => stay.services.includes(service.kind));
  const quantityOf = (kind: string) => (kind === 'linen' ? guest.party.adults + guest.party.children : 1);
  const input: CardInput = {
    typologyId: stay.typology,
    arrival: stay.arrival,
    departure: stay.departure,
    people: people.map((member) => ({ personTypeId: member.type.id, count: member.count })),
    vehicles: vehicles.map((vehicle) => ({ id: vehicle.id, quantity: 1 })),
    services: services.map((service) => ({ id: service.id, quantity: quantityOf(service.kind) })),
  };
  const priced = priceCard(priceList, input, undefined, DEMO_LABEL_TRANSLATIONS);
  return {
    idx: 0,
    typologyId: stay.typology,
    typologyName: priced.typologyName,
    arrival: stay.arrival,
    departure: stay.departure,
    people: people.map((member) => ({ personTypeId: member.type.id, label: member.type.name, names: { it: member.type.name, ...member.type.names }, count: member.count })),
    vehicles: vehicles.map((vehicle) => ({ id: vehicle.id, label: vehicle.name, names: { it: vehicle.name, ...vehicle.names }, quantity: 1 })),
    services: services.map((service) => ({ id: service.id, label: service.name, names: { it: service.name, ...service.names }, quantity: quantityOf(service.kind) })),
    priceListId: priceList.id,
    guestLabels: { typology: priced.typologyNames },
    priceLines: priced.lines,
    subtotalCents: priced.subtotalCents,
    totalCents: priced.totalCents,
  };
}

export type ReturningPlan = {
  contacts: (typeof contacts.$inferInsert)[];
  quotes: (typeof quotes.$inferInsert)[];
  cards: (typeof quoteCards.$inferInsert)[];
  events: (typeof quoteProgressEvents.$inferInsert)[];
  requests: (typeof quoteRequests.$inferInsert)[];
};

const STEPS: Record<QuoteProgress, QuoteProgress[]> = {
  richiesta: ['richiesta'],
  inviato: ['nuovo', 'inviato'],
  accettato: ['nuovo', 'inviato', 'letto', 'accettato'],
  convertito: ['nuovo', 'inviato', 'letto', 'accettato', 'convertito'],
  bozza: ['bozza'],
  nuovo: ['nuovo'],
  letto: ['nuovo', 'inviato', 'letto'],
  rifiutato: ['nuovo', 'inviato', 'rifiutato'],
  'non convertito': ['nuovo', 'inviato', 'letto', 'accettato', 'non convertito'],
  scaduto: ['nuovo', 'inviato', 'scaduto'],
};

export function planReturningGuests(spec: DemoCampsiteSpec, campingId: string, users: SeededUser[], now: Date, openedAt: Date): ReturningPlan {
  const plan: ReturningPlan = { contacts: [], quotes: [], cards: [], events: [], requests: [] };
  const staff = users.filter((user) => user.role !== 'service');
  const current = demoPriceList(spec.catalogue);
  let booking = 700;
  for (const [index, guest] of GUESTS[spec.key].entries()) {
    const nation = NATIONS[guest.nationId];
    const languageId = nation?.languageId ?? ENGLISH;
    const ownerId = staff[index % staff.length]?.id ?? null;
    const contactId = newId();
    // Every moment between the campsite's opening and now, whatever day the demo is seeded.
    const clamp = (at: Date) => earlier(later(at, addMs(openedAt, days(1))), addMs(now, -days(1)));
    const firstBooking = clamp(addMs(new Date(`${guest.stays[0]?.arrival}T10:00:00Z`), -days(120)));
    plan.contacts.push({
      id: contactId, campingId, ownerId, firstName: guest.firstName, lastName: guest.lastName, email: guest.email, phonePrefix: nation?.prefix ?? null, phone: guest.phone,
      languageId, nationId: guest.nationId, city: guest.city, tags: [CONTACT_TAGS.regular], source: 'form', createdAt: firstBooking, updatedAt: firstBooking,
    });
    const addQuote = (progress: QuoteProgress, createdAt: Date, values: Partial<typeof quotes.$inferInsert>, cardValues: CardValues | null, name: string) => {
      const quoteId = newId();
      const steps = STEPS[progress];
      const at = (step: number) => earlier(addMs(createdAt, days(step)), now);
      const when = (wanted: QuoteProgress) => (steps.includes(wanted) ? at(steps.indexOf(wanted)) : null);
      plan.quotes.push({
        id: quoteId, campingId, contactId, ownerId, name, languageId, progress, progressChangedAt: at(steps.length - 1), createdAt, updatedAt: at(steps.length - 1),
        sentAt: when('inviato'), readAt: when('letto'), acceptedAt: when('accettato'), acceptedCardIdx: when('accettato') ? 0 : null, version: steps.length - 1,
        // A booking's offer was valid two weeks from its making; this season's open offers still are.
        validUntil: progress === 'richiesta' ? null : progress === 'convertito' ? addMs(createdAt, days(14)) : later(addMs(createdAt, days(14)), addMs(now, days(10))), ...values,
      });
      if (cardValues) plan.cards.push({ ...cardValues, campingId, quoteId, createdAt, updatedAt: createdAt });
      steps.forEach((step, position) =>
        plan.events.push({
          campingId, quoteId, fromProgress: position === 0 ? null : (steps[position - 1] ?? null), toProgress: step, actorKind: step === 'letto' || step === 'accettato' || step === 'richiesta' ? 'guest' : 'staff',
          actorUserId: step === 'letto' || step === 'accettato' || step === 'richiesta' ? null : ownerId, note: step === 'convertito' ? `Prenotazione n. ${booking} inserita sul gestionale` : null, at: at(position),
        }),
      );
      return quoteId;
    };
    for (const stay of guest.stays) {
      const year = Number(stay.arrival.slice(0, 4));
      const createdAt = clamp(addMs(new Date(`${stay.arrival}T10:00:00Z`), -days(120)));
      booking += 1;
      addQuote('convertito', createdAt, { bookingYear: year, bookingNumber: String(booking), resources: [`${stay.typology}-${stay.unit}`] }, card(spec.catalogue, earlierPriceList(current, year), guest, stay), `Estate ${year} – ${guest.firstName} ${guest.lastName}`);
    }
    const { next } = guest;
    const createdAt = clamp(addMs(now, -days(next.daysAgo)));
    const lastStay = guest.stays[guest.stays.length - 1] as Stay;
    const nextCard = next.progress === 'richiesta' ? null : card(spec.catalogue, current, guest, { ...lastStay, arrival: next.arrival, departure: next.departure });
    const quoteId = addQuote(next.progress, createdAt, {}, nextCard, next.progress === 'richiesta' ? 'undefined' : `Estate 2027 – ${guest.firstName} ${guest.lastName}`);
    if (next.progress === 'richiesta') {
      const message = next.message ?? '';
      const payload = {
        nome: guest.firstName, cognome: guest.lastName, email: guest.email, telefono: `${nation?.prefix ?? ''} ${guest.phone}`, nazione: nation?.name ?? '',
        lingua: languageId === ITALIAN ? 'it' : languageId === GERMAN ? 'de' : 'en', arrivo: next.arrival, partenza: next.departure,
        adulti: guest.party.adults, bambini: guest.party.children, messaggio: message, privacy: true,
      };
      plan.requests.push({ campingId, quoteId, contactId, languageId, arrival: next.arrival, departure: next.departure, message, payload, createdAt });
    }
  }
  return plan;
}
