import { eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { campsites, contacts, productUpdates, quoteCards, quoteProgressEvents, quoteRequests, quotes, users } from '../schema';
import { hashPassword } from '../../lib/auth/passwords';
import { QUOTE_PROGRESS, type QuoteProgress } from '../../lib/vocabulary/quote-progress';
import type { DemoCampsiteKey } from '../../lib/booking-platform/demo-catalogue';
import { DEMO_CAMPSITES, insertCampsite, type DemoCampsiteSpec } from './campsites';
import { planContacts } from './contacts';
import { addMs, currentMonthStart, days } from './dates';
import { DEMO_PRODUCT_UPDATE_TITLE, ensureProductUpdate, insertLists, insertNotifications, insertTemplates, markDemoUpdateViewed } from './extras';
import { insertImageExtras } from './images';
import { DEMO_LOGINS } from './logins';
import { insertLabelTranslations } from './label-translations';
import { refreshChangedCampsites } from '../../lib/dashboard/refresh';
import { ensureProviderCampsite } from './provider';
import { planQuotes } from './quotes';
import { planReturningGuests } from './returning';
import { createRandom } from './random';


export type CampsiteCounts = {
  users: number;
  contacts: number;
  quotes: number;
  quotesByProgress: Record<QuoteProgress, number>;
  cards: number;
  progressEvents: number;
  requests: number;
  requestsThisMonth: number;
  lists: number;
  listMemberships: number;
  templates: number;
  unreadNotifications: number;
  readNotifications: number;
};

export type CampsiteSeedResult =
  | { key: DemoCampsiteKey; name: string; status: 'created'; campsiteId: string; counts: CampsiteCounts }
  | { key: DemoCampsiteKey; name: string; status: 'existing'; campsiteId: string };

export type SeedSummary = {
  removedCampsites: number;
  removedProductUpdates: number;
  campsites: CampsiteSeedResult[];
  productUpdate: 'created' | 'existing';
  providerCampsite: 'created' | 'existing';
};

// A demo campsite is recognised by its demo logins (e-mails are unique): other campsites may
// well be linked to the same demo catalogue on the platform, tests' ones for example.
const demoEmails = DEMO_LOGINS.map((login) => login.email);

/** Deletes the demo campsites (their data goes with them by cascade) and the demo product update. */
async function removeDemo(db: Database): Promise<{ campsites: number; productUpdates: number }> {
  return db.transaction(async (tx) => {
    const owners = tx.select({ id: users.campingId }).from(users).where(inArray(users.email, demoEmails));
    const removed = await tx.delete(campsites).where(inArray(campsites.id, owners)).returning({ id: campsites.id });
    const updates = await tx.delete(productUpdates).where(eq(productUpdates.title, DEMO_PRODUCT_UPDATE_TITLE)).returning({ id: productUpdates.id });
    return { campsites: removed.length, productUpdates: updates.length };
  });
}

async function findDemoCampsite(db: DbOrTx, spec: DemoCampsiteSpec): Promise<string | undefined> {
  const emails = DEMO_LOGINS.filter((login) => login.campsiteKey === spec.key).map((login) => login.email);
  const [row] = await db.select({ id: users.campingId }).from(users).where(inArray(users.email, emails)).limit(1);
  return row?.id;
}

async function seedCampsite(db: Database, spec: DemoCampsiteSpec, now: Date): Promise<CampsiteSeedResult> {
  const name = spec.settings.name;
  const found = await findDemoCampsite(db, spec);
  if (found) return { key: spec.key, name, status: 'existing', campsiteId: found };
  const logins = DEMO_LOGINS.filter((login) => login.campsiteKey === spec.key);
  const passwordHashes = new Map(await Promise.all(logins.map(async (login) => [login.email, await hashPassword(login.password)] as const)));

  return db.transaction(async (tx): Promise<CampsiteSeedResult> => {
    // Checked again: another seed may have finished while the passwords were being hashed.
    const existing = await findDemoCampsite(tx, spec);
    if (existing) return { key: spec.key, name, status: 'existing', campsiteId: existing };

    const random = createRandom(spec.randomSeed);
    const openedAt = addMs(now, -days(560));
    const { campsiteId, users } = await insertCampsite(tx, spec, passwordHashes, openedAt);

    const plannedContacts = planContacts(random, spec, users, campsiteId, now);
    await tx.insert(contacts).values(plannedContacts.map((contact) => contact.row));

    const plan = planQuotes(random, spec, campsiteId, plannedContacts, users, now);
    await tx.insert(quotes).values(plan.quotes);
    await tx.insert(quoteCards).values(plan.cards);
    await tx.insert(quoteProgressEvents).values(plan.events);
    if (plan.requests.length > 0) await tx.insert(quoteRequests).values(plan.requests);

    // Added apart from the random plan (which stays the same): guests back after an earlier season's booking.
    const returning = planReturningGuests(spec, campsiteId, users, now, openedAt);
    await tx.insert(contacts).values(returning.contacts);
    await tx.insert(quotes).values(returning.quotes);
    await tx.insert(quoteCards).values(returning.cards);
    await tx.insert(quoteProgressEvents).values(returning.events);
    if (returning.requests.length > 0) await tx.insert(quoteRequests).values(returning.requests);

    const lists = await insertLists(tx, random, campsiteId, plannedContacts, now);
    const templateCount = await insertTemplates(tx, campsiteId, spec.settings.reminderDays ?? 3, openedAt);
    await insertImageExtras(tx, spec.key, campsiteId);
    await insertLabelTranslations(tx, campsiteId);
    const notices = await insertNotifications(tx, random, campsiteId, plan.notices, spec.unreadNotifications, spec.readNotifications, now);

    const quotesByProgress = Object.fromEntries(QUOTE_PROGRESS.map((progress) => [progress, 0])) as Record<QuoteProgress, number>;
    for (const quote of [...plan.quotes, ...returning.quotes]) quotesByProgress[quote.progress ?? 'bozza'] += 1;
    const requests = [...plan.requests, ...returning.requests];
    const monthStart = currentMonthStart(now);
    return {
      key: spec.key,
      name,
      status: 'created',
      campsiteId,
      counts: {
        users: users.length,
        contacts: plannedContacts.length + returning.contacts.length,
        quotes: plan.quotes.length + returning.quotes.length,
        quotesByProgress,
        cards: plan.cards.length + returning.cards.length,
        progressEvents: plan.events.length + returning.events.length,
        requests: requests.length,
        requestsThisMonth: requests.filter((request) => request.createdAt && request.createdAt >= monthStart).length,
        lists: lists.lists,
        listMemberships: lists.memberships,
        templates: templateCount,
        unreadNotifications: notices.unread,
        readNotifications: notices.read,
      },
    };
  });
}

/**
 * Seeds the two demo campsites and the demo product update. Idempotent: what already exists
 * (found by its demo logins, the update by its title) is left alone; `reset` removes it first.
 */
export async function seedDemo(db: Database, options: { reset?: boolean; now?: Date } = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const removed = options.reset ? await removeDemo(db) : { campsites: 0, productUpdates: 0 };
  const results: CampsiteSeedResult[] = [];
  for (const spec of DEMO_CAMPSITES) results.push(await seedCampsite(db, spec, now));
  const productUpdate = await ensureProductUpdate(db, now);
  const providerCampsite = await ensureProviderCampsite(db);
  // A fresh demo opens on a dashboard with its figures, not on an empty one waiting for the job.
  await refreshChangedCampsites(db, 50, now);
  await markDemoUpdateViewed(db, demoEmails);
  return { removedCampsites: removed.campsites, removedProductUpdates: removed.productUpdates, campsites: results, productUpdate, providerCampsite };
}
