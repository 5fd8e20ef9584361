import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, campsites, contacts, quoteCards, quotes, stayMessages, templates } from '@/db/schema';
import { listStayLedger } from '@/lib/stays/ledger-list';
import { addDays, dueDays, stillTimely } from '@/lib/stays/schedule';
import { DEFAULT_STAY_MAILS } from '@/lib/stays/settings';
import { getStayMailSettings, updateStayMails } from '@/lib/stays/settings-service';
import { skipStayMail } from '@/lib/stays/skip';
import { listUpcomingStayMails, type UpcomingStayMail } from '@/lib/stays/upcoming';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

/** The clock the tests drive: a June morning in the season. */
const TODAY = '2027-06-01';

const SETTINGS: StayMailSettings = {
  preArrival: { enabled: true, daysBefore: 7, templateId: null, dayBefore: true, dayBeforeTemplateId: null },
  postStay: { enabled: true, daysAfter: 2, templateId: null, reviewUrl: 'https://g.page/lago-azzurro/review' },
};

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

type StayValues = { arrival: string | null; departure: string | null; progress?: QuoteProgress; acceptedCardIdx?: number | null; otherCard?: boolean };

async function makeGuest(campsiteId: string, name: string) {
  const [contact] = await db.insert(contacts).values({ campingId: campsiteId, firstName: name, lastName: 'Ospite', email: `${name.toLowerCase()}@prova.test`, languageId: 3 }).returning();
  return contact;
}

/** A booked stay: the quote, the card the booking took (and another one with other dates when asked). */
async function makeStay(campsiteId: string, contactId: string, values: StayValues) {
  const [quote] = await db
    .insert(quotes)
    .values({ campingId: campsiteId, contactId, name: 'Soggiorno', progress: values.progress ?? 'convertito', acceptedCardIdx: values.acceptedCardIdx ?? null })
    .returning();
  const idx = values.acceptedCardIdx ?? 0;
  await db.insert(quoteCards).values({ campingId: campsiteId, quoteId: quote.id, idx, typologyName: 'Piazzola standard', arrival: values.arrival, departure: values.departure });
  if (values.otherCard) await db.insert(quoteCards).values({ campingId: campsiteId, quoteId: quote.id, idx: idx === 0 ? 1 : 0, typologyName: 'Bungalow', arrival: '2027-06-03', departure: '2027-06-05' });
  return { id: quote.id, ...values };
}

async function everyPage(campsiteId: string, input: { days: number; contactId?: string }): Promise<UpcomingStayMail[]> {
  const all: UpcomingStayMail[] = [];
  let cursor: string | null = null;
  do {
    const page = await listUpcomingStayMails(ctxFor(db, { campsiteId }), { ...input, cursor, limit: 4, today: TODAY });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What schedule.ts says the job will send within `days`, computed apart from the SQL. */
function expected(stays: { id: string; arrival: string | null; departure: string | null }[], settings: StayMailSettings, days: number) {
  const until = addDays(TODAY, days);
  return stays
    .flatMap((stay) =>
      (Object.entries(dueDays(stay, settings)) as [StayMessageKind, string][])
        .filter(([kind, due]) => due <= until && (due >= TODAY || stillTimely(kind, due, stay, TODAY)))
        .map(([kind, due]) => ({ quoteId: stay.id, kind, dueOn: due, sendOn: due < TODAY ? TODAY : due })),
    )
    .sort((a, b) => byBytes(a.sendOn, b.sendOn) || byBytes(a.quoteId, b.quoteId) || byBytes(a.kind, b.kind));
}

describe('the upcoming automatic stay mails', () => {
  it('lists what dueDays says for the converted stays, page after page, minus the ledger, cancelled stays and other campsites', async () => {
    const campsite = await makeCampsite(db, { stayMails: SETTINGS });
    const other = await makeCampsite(db, { stayMails: SETTINGS });
    const guest = await makeGuest(campsite.id, 'Hans');
    const stranger = await makeGuest(other.id, 'Fremd');
    const stays = [];
    // Arrivals from three weeks ago to six weeks ahead, stays of 1 to 14 nights.
    for (let offset = -21; offset <= 42; offset += 3) {
      const arrival = addDays(TODAY, offset);
      stays.push(await makeStay(campsite.id, guest.id, { arrival, departure: addDays(arrival, 1 + (Math.abs(offset) % 14)) }));
    }
    // The accepted card's dates count, not the first card's; without an accepted card, the first.
    stays.push(await makeStay(campsite.id, guest.id, { arrival: '2027-06-09', departure: '2027-06-12', acceptedCardIdx: 1, otherCard: true }));
    stays.push(await makeStay(campsite.id, guest.id, { arrival: '2027-06-05', departure: null }));
    stays.push(await makeStay(campsite.id, guest.id, { arrival: null, departure: null }));
    // Not listed: a stay no longer booked, another campsite's, kinds already in the ledger.
    await makeStay(campsite.id, guest.id, { arrival: '2027-06-08', departure: '2027-06-10', progress: 'non convertito' });
    await makeStay(campsite.id, guest.id, { arrival: '2027-06-08', departure: '2027-06-10', progress: 'rifiutato' });
    await makeStay(other.id, stranger.id, { arrival: '2027-06-08', departure: '2027-06-10' });
    const ledgered = stays.find((stay) => stay.arrival === addDays(TODAY, 6))!;
    await db.insert(stayMessages).values([
      { campingId: campsite.id, quoteId: ledgered.id, kind: 'pre_arrival', status: 'queued', dueOn: addDays(TODAY, -1) },
      { campingId: campsite.id, quoteId: ledgered.id, kind: 'day_before', status: 'skipped', dueOn: addDays(TODAY, 5), reason: 'Saltato da Anna' },
    ]);

    for (const days of [7, 14, 30]) {
      const listed = await everyPage(campsite.id, { days });
      const want = expected(stays, SETTINGS, days).filter((mail) => !(mail.quoteId === ledgered.id && mail.kind !== 'post_stay'));
      expect(listed.map(({ quoteId, kind, dueOn, sendOn }) => ({ quoteId, kind, dueOn, sendOn })), `${days} giorni`).toEqual(want);
      expect(want.length, 'the fixture has mails to list').toBeGreaterThan(days === 7 ? 4 : 8);
    }
    const listed = await everyPage(campsite.id, { days: 30 });
    expect(listed.every((mail) => mail.guestName === 'Hans Ospite' && mail.contactId === guest.id && mail.languageName)).toBe(true);
    expect(listed.find((mail) => mail.arrival === '2027-06-09')).toMatchObject({ typologyName: 'Piazzola standard', departure: '2027-06-12' });
    // A mail already due and still timely goes out today (a stay booked five days ahead).
    expect(listed.some((mail) => mail.dueOn < TODAY && mail.sendOn === TODAY)).toBe(true);

    // Settings off: nothing, whatever the stays.
    await db.update(campsites).set({ stayMails: DEFAULT_STAY_MAILS }).where(eq(campsites.id, campsite.id));
    expect(await everyPage(campsite.id, { days: 30 })).toEqual([]);
  });

  it('one guest’s upcoming mails, for the contact page', async () => {
    const campsite = await makeCampsite(db, { stayMails: SETTINGS });
    const hans = await makeGuest(campsite.id, 'Hans');
    const greta = await makeGuest(campsite.id, 'Greta');
    const stay = await makeStay(campsite.id, hans.id, { arrival: '2027-06-20', departure: '2027-06-27' });
    await makeStay(campsite.id, greta.id, { arrival: '2027-06-20', departure: '2027-06-27' });
    const listed = await everyPage(campsite.id, { days: 366, contactId: hans.id });
    expect(listed.map((mail) => [mail.quoteId, mail.kind, mail.dueOn])).toEqual([
      [stay.id, 'pre_arrival', '2027-06-13'],
      [stay.id, 'day_before', '2027-06-19'],
      [stay.id, 'post_stay', '2027-06-29'],
    ]);
  });
});

describe('skipping an automatic stay mail', () => {
  it('writes the ledger row once, with who skipped it; the list drops it and the ledger shows it', async () => {
    const campsite = await makeCampsite(db, { stayMails: SETTINGS });
    const staff = tenantOf(await makeUser(db, campsite.id, { name: 'Anna Rossi' }));
    const guest = await makeGuest(campsite.id, 'Hans');
    const stay = await makeStay(campsite.id, guest.id, { arrival: '2027-06-10', departure: '2027-06-17' });
    const ctx = ctxFor(db, staff);

    expect(await skipStayMail(ctx, { quoteId: stay.id, kind: 'pre_arrival' })).toEqual({ status: 'skipped', created: true });
    expect(await skipStayMail(ctx, { quoteId: stay.id, kind: 'pre_arrival' })).toEqual({ status: 'skipped', created: false });
    const rows = await db.select().from(stayMessages).where(eq(stayMessages.quoteId, stay.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ campingId: campsite.id, kind: 'pre_arrival', status: 'skipped', dueOn: '2027-06-03', reason: 'Saltato da Anna Rossi', actorUserId: staff.userId });

    expect((await everyPage(campsite.id, { days: 30 })).map((mail) => mail.kind)).toEqual(['day_before', 'post_stay']);
    const ledger = await listStayLedger(ctxFor(db, staff), { contactId: guest.id });
    expect(ledger.items).toMatchObject([{ quoteId: stay.id, kind: 'pre_arrival', status: 'skipped', reason: 'Saltato da Anna Rossi', guestName: 'Hans Ospite', arrival: '2027-06-10' }]);

    // A mail the job already queued stays queued: the skip says so and changes nothing.
    await db.insert(stayMessages).values({ campingId: campsite.id, quoteId: stay.id, kind: 'day_before', status: 'queued', dueOn: '2027-06-09' });
    expect(await skipStayMail(ctx, { quoteId: stay.id, kind: 'day_before' })).toEqual({ status: 'queued', created: false });
  });

  it('refuses another campsite’s stay, a stay no longer booked and a kind that is off, writing nothing', async () => {
    const campsite = await makeCampsite(db, { stayMails: SETTINGS });
    const other = await makeCampsite(db, { stayMails: SETTINGS });
    const staff = tenantOf(await makeUser(db, campsite.id));
    const theirs = await makeStay(other.id, (await makeGuest(other.id, 'Fremd')).id, { arrival: '2027-06-10', departure: '2027-06-17' });
    const guest = await makeGuest(campsite.id, 'Hans');
    const cancelled = await makeStay(campsite.id, guest.id, { arrival: '2027-06-10', departure: '2027-06-17', progress: 'non convertito' });
    const ctx = ctxFor(db, staff);

    expect((await failure(skipStayMail(ctx, { quoteId: theirs.id, kind: 'pre_arrival' }))).status).toBe(404);
    expect((await failure(skipStayMail(ctx, { quoteId: cancelled.id, kind: 'post_stay' }))).status).toBe(404);
    await db.update(campsites).set({ stayMails: { ...SETTINGS, preArrival: { ...SETTINGS.preArrival, dayBefore: false } } }).where(eq(campsites.id, campsite.id));
    const booked = await makeStay(campsite.id, guest.id, { arrival: '2027-06-10', departure: '2027-06-17' });
    expect((await failure(skipStayMail(ctx, { quoteId: booked.id, kind: 'day_before' }))).status).toBe(400);
    const written = await db.select().from(stayMessages).where(eq(stayMessages.campingId, other.id));
    expect(written).toEqual([]);
    expect(await db.select().from(stayMessages).where(eq(stayMessages.campingId, campsite.id))).toEqual([]);
  });
});

describe('the stay mails’ settings', () => {
  it('read as the defaults, saved by the admin with an audit entry, refused with the field’s Italian error', async () => {
    const campsite = await makeCampsite(db);
    const other = await makeCampsite(db);
    const admin = tenantOf(await makeUser(db, campsite.id, { isAdmin: true }));
    const staff = tenantOf(await makeUser(db, campsite.id));
    const [own] = await db.insert(templates).values({ campingId: campsite.id, name: 'Benvenuto', html: '<p>Ciao</p>' }).returning();
    const [foreign] = await db.insert(templates).values({ campingId: other.id, name: 'Altrui', html: '<p>Ciao</p>' }).returning();

    expect(await getStayMailSettings(ctxFor(db, staff))).toEqual(DEFAULT_STAY_MAILS);
    const wanted = { ...SETTINGS, preArrival: { ...SETTINGS.preArrival, templateId: own.id } };
    expect(await updateStayMails(ctxFor(db, admin), campsite.id, wanted)).toEqual(wanted);
    expect(await getStayMailSettings(ctxFor(db, staff))).toEqual(wanted);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.campingId, campsite.id), eq(auditLog.action, 'campsite.settings.stay-mails')));
    expect(audit).toHaveLength(1);

    expect((await failure(updateStayMails(ctxFor(db, staff), campsite.id, SETTINGS))).status).toBe(403);
    expect((await failure(updateStayMails(ctxFor(db, admin), other.id, SETTINGS))).status).toBe(404);
    const foreignTemplate = await failure(updateStayMails(ctxFor(db, admin), campsite.id, { ...SETTINGS, postStay: { ...SETTINGS.postStay, templateId: foreign.id } }));
    expect(foreignTemplate).toMatchObject({ status: 400, details: { field: 'postStay.templateId' } });
    await expect(updateStayMails(ctxFor(db, admin), campsite.id, { ...SETTINGS, postStay: { ...SETTINGS.postStay, reviewUrl: '' } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['postStay', 'reviewUrl'], message: 'Per il ringraziamento dopo la partenza serve il link per la recensione.' })],
    });
    await expect(updateStayMails(ctxFor(db, admin), campsite.id, { ...SETTINGS, preArrival: { ...SETTINGS.preArrival, daysBefore: 0 } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['preArrival', 'daysBefore'], message: 'Giorni prima dell’arrivo: almeno 1 giorno.' })],
    });
    // Nothing changed by the refusals.
    expect(await getStayMailSettings(ctxFor(db, staff))).toEqual(wanted);
  });
});
