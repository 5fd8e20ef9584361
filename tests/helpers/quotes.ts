import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsites, quoteProgressEvents, quotes } from '@/db/schema';
import { DemoBookingPlatform } from '@/lib/booking-platform/demo-platform';
import { createContact } from '@/lib/contacts/service';
import { contactInputSchema, type ContactFormValues } from '@/lib/contacts/validation';
import { quoteInputSchema, type QuoteInput } from '@/lib/quotes/validation';
import type { Tenant } from '@/lib/tenant';
import { makeCampsite, makeUser, tenantOf } from './fixtures';
import { ctxFor } from './ctx';

export const unique = () => randomBytes(5).toString('hex');

export const QUOTE_TAGS = [
  { name: 'Famiglia', color: '#1c7ed6' },
  { name: 'Last minute', color: '#f08c00' },
];

/**
 * A campsite (Lago Azzurro demo catalogue unless platformCampId says otherwise) with its admin,
 * the admin's tenant and a fresh demo booking platform.
 */
export async function makeQuotesAccount(db: Database, values: Partial<typeof campsites.$inferInsert> = {}) {
  const campsite = await makeCampsite(db, { personalizedQuoteTags: QUOTE_TAGS, ...values });
  const user = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  return { campsite, user, tenant: tenantOf(user), platform: new DemoBookingPlatform() };
}

/** A guest of the tenant's campsite through the contacts service, with a random e-mail. */
export async function makeGuest(db: Database, tenant: Pick<Tenant, 'campsiteId' | 'userId'>, values: ContactFormValues = {}) {
  return createContact(ctxFor(db, tenant), contactInputSchema.parse({ firstName: 'Mario', lastName: 'Rossi', email: `ospite-${unique()}@example.it`, ...values }));
}

/** A quote input as the editor would send it, through the real schema. */
export function quoteInput(values: Record<string, unknown>): QuoteInput {
  return quoteInputSchema.parse(values);
}

/**
 * Lago Azzurro, 'Piazzola standard', 28 June → 3 July 2027: three nights in mid season
 * (24.00 €) and two in high season (30.00 €); two adults (10.50 € a night each on a pitch),
 * a child (6.50 €), an infant (free), a car (5.00 €), a dog (5.00 €), electricity (4.00 €),
 * tourist tax 1.50 € per adult per night.
 */
export const PITCH_CARD = {
  typologyId: 'LA-PZ-STD',
  arrival: '2027-06-28',
  departure: '2027-07-03',
  people: [
    { personTypeId: 'LA-ADULTO', count: 2 },
    { personTypeId: 'LA-BAMBINO', count: 1 },
    { personTypeId: 'LA-NEONATO', count: 1 },
  ],
  vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
  services: [
    { id: 'LA-CANE', quantity: 1 },
    { id: 'LA-CORRENTE', quantity: 1 },
  ],
};
/** 3 × 2400 + 2 × 3000 */
export const PITCH_UNIT_CENTS = 13_200;
/** unit 13200 + adults 10500 + child 3250 + car 2500 + dog 2500 + electricity 2000 + tax 1500 */
export const PITCH_SUBTOTAL_CENTS = 35_450;

/**
 * Lago Azzurro, 'Casa mobile Classic', 10 → 17 July 2027: seven nights of high season
 * (125.00 €); the guests are included in the price, only the adults pay the tourist tax.
 * Two linen kits (15.00 € per stay each) and the final cleaning (60.00 € per stay).
 */
export const MOBILE_HOME_CARD = {
  typologyId: 'LA-MH-CLASSIC',
  arrival: '2027-07-10',
  departure: '2027-07-17',
  people: [
    { personTypeId: 'LA-ADULTO', count: 2 },
    { personTypeId: 'LA-BAMBINO', count: 1 },
    { personTypeId: 'LA-NEONATO', count: 1 },
  ],
  services: [
    { id: 'LA-BIANCHERIA', quantity: 2 },
    { id: 'LA-PULIZIA', quantity: 1 },
  ],
};
/** unit 87500 + linen 3000 + cleaning 6000 + tax 2100 */
export const MOBILE_HOME_SUBTOTAL_CENTS = 98_600;

/** The same kind of stay on the Villaggio Pineta catalogue (platformCampId 'DEMO-PINETA'). */
export const PINETA_PITCH_CARD = {
  typologyId: 'PI-PZ-PINETA',
  arrival: '2027-06-10',
  departure: '2027-06-14',
  people: [{ personTypeId: 'PI-ADULTO', count: 2 }],
  vehicles: [{ id: 'PI-AUTO', quantity: 1 }],
};

export async function progressEvents(db: Database, quoteId: string) {
  return db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.quoteId, quoteId)).orderBy(asc(quoteProgressEvents.at));
}

export async function quoteRow(db: Database, campsiteId: string, quoteId: string) {
  const [row] = await db.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.campingId, campsiteId)));
  return row;
}
