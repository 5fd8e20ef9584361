import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { contacts, quoteCards, quoteRequests, quotes } from '@/db/schema';
import { refreshCampsite } from '@/lib/dashboard/refresh';
import { returningConversion } from '@/lib/dashboard/returning';
import { addDays, comparisonRanges, today, type Comparison } from '@/lib/dashboard/periods';
import { isReturningSql } from '@/lib/quotes/returning-guests';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const DAY = 86_400_000;
const pick = <T,>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The definition quote by quote, as the /preventivi?ospiti= list applies it. */
async function definition(campsiteId: string, comparison: Comparison, now: Date) {
  const { current: range } = comparisonRanges(comparison, today(now));
  const rows = resultRows<{ is_returning: boolean; guests: number; quotes: number; won: number }>(
    await db.execute(sql`
      select is_returning, count(distinct contact_id)::int as guests, count(*)::int as quotes,
        (count(*) filter (where progress in ('accettato', 'convertito')))::int as won
      from (select q.contact_id, q.progress, ${isReturningSql('q', campsiteId)} as is_returning from quotes q
        where q.camping_id = ${campsiteId}
          and q.created_at >= (${range.from}::date)::timestamp at time zone 'Europe/Rome'
          and q.created_at < (${addDays(range.to, 1)}::date)::timestamp at time zone 'Europe/Rome') period
      group by is_returning`),
  );
  const group = (returning: boolean) => {
    const row = rows.find((candidate) => Boolean(candidate.is_returning) === returning);
    return { guests: row?.guests ?? 0, quotes: row?.quotes ?? 0, won: row?.won ?? 0 };
  };
  return { returning: group(true), firstTime: group(false) };
}

async function figures(campsiteId: string, comparison: Comparison, now: Date) {
  const found = await returningConversion(ctxFor(db, { campsiteId }), comparison, now);
  const group = (side: typeof found.returning) => ({ guests: side.guests, quotes: side.quotes.value, won: side.won.value });
  return { returning: group(found.returning), firstTime: group(found.firstTime) };
}

/**
 * Guests with several quotes over four seasons: bookings with and without dates (and with an
 * accepted card other than the first), requests with their own dates.
 */
async function busyCampsite(size: number) {
  const campsite = await makeCampsite(db);
  const guests = await db
    .insert(contacts)
    .values(Array.from({ length: Math.ceil(size / 4) }, () => ({ campingId: campsite.id, firstName: 'Ospite' })))
    .returning();
  for (let i = 0; i < size; i++) {
    const progress = Math.random() < 0.3 ? 'convertito' : pick(QUOTE_PROGRESS);
    const createdAt = Date.now() - Math.random() * 1100 * DAY;
    const cards = Math.floor(Math.random() * 3);
    const [quote] = await db
      .insert(quotes)
      .values({ campingId: campsite.id, contactId: pick(guests).id, progress, createdAt: new Date(createdAt), acceptedCardIdx: cards > 1 && Math.random() < 0.5 ? 1 : progress === 'convertito' ? 0 : null })
      .returning();
    const arrival = () => (Math.random() < 0.25 ? null : isoDay(createdAt + (Math.random() * 400 - 60) * DAY));
    if (cards) await db.insert(quoteCards).values(Array.from({ length: cards }, (_, idx) => ({ campingId: campsite.id, quoteId: quote.id, idx, arrival: arrival(), totalCents: 1000 })));
    if (Math.random() < 0.3) await db.insert(quoteRequests).values({ campingId: campsite.id, quoteId: quote.id, contactId: quote.contactId, arrival: arrival(), createdAt: new Date(createdAt) });
  }
  return campsite;
}

describe('dashboard: returning guests from the aggregates', () => {
  it('counts what the definition counts quote by quote, guests included, for every period', async () => {
    const campsite = await busyCampsite(260);
    const now = new Date();
    await refreshCampsite(db, campsite.id, now);
    let returning = 0;
    for (const comparison of ['mese', 'stagione', 'anno'] as const) {
      const expected = await definition(campsite.id, comparison, now);
      expect(await figures(campsite.id, comparison, now)).toEqual(expected);
      returning += expected.returning.quotes;
    }
    // The data reaches both groups: the comparison is not between two empty answers.
    expect(returning).toBeGreaterThan(0);
    // A period that ends before the newest quotes (a day in the past) still counts each guest once.
    const past = new Date(Date.now() - 200 * DAY);
    for (const comparison of ['mese', 'anno'] as const) expect(await figures(campsite.id, comparison, past)).toEqual(await definition(campsite.id, comparison, past));
  });

  it('follows a later booking: the guest becomes returning for their quotes of later seasons at the next rebuild', async () => {
    const campsite = await makeCampsite(db);
    const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Greta' }).returning();
    const now = new Date();
    const stay = (years: number) => `${now.getUTCFullYear() + years}-07-11`;
    const [earlier] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, progress: 'inviato', createdAt: new Date(Date.now() - 800 * DAY) }).returning();
    await db.insert(quoteCards).values({ campingId: campsite.id, quoteId: earlier.id, idx: 0, arrival: stay(-2), totalCents: 1000 });
    const [current] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, progress: 'accettato', acceptedCardIdx: 0 }).returning();
    await db.insert(quoteCards).values({ campingId: campsite.id, quoteId: current.id, idx: 0, arrival: stay(1), totalCents: 1000 });
    await refreshCampsite(db, campsite.id, now);
    expect(await figures(campsite.id, 'mese', now)).toEqual({ returning: { guests: 0, quotes: 0, won: 0 }, firstTime: { guests: 1, quotes: 1, won: 1 } });

    await db.update(quotes).set({ progress: 'convertito', acceptedCardIdx: 0 }).where(eq(quotes.id, earlier.id));
    await refreshCampsite(db, campsite.id, now);
    expect(await figures(campsite.id, 'mese', now)).toEqual({ returning: { guests: 1, quotes: 1, won: 1 }, firstTime: { guests: 0, quotes: 0, won: 0 } });
    expect(await figures(campsite.id, 'mese', now)).toEqual(await definition(campsite.id, 'mese', now));
  });

  it('makes a booking returning by another booking of its guest, never by itself', async () => {
    const campsite = await makeCampsite(db);
    const now = new Date();
    const year = now.getUTCFullYear();
    // A booking with no accepted card: its booked stay is card 1's (two years ago), the stay it
    // stands for is its request's (last year).
    const booking = async (contactId: string, booked: string, requested: string | null) => {
      const [quote] = await db.insert(quotes).values({ campingId: campsite.id, contactId, progress: 'convertito' }).returning();
      await db.insert(quoteCards).values({ campingId: campsite.id, quoteId: quote.id, idx: 0, arrival: booked, totalCents: 1000 });
      if (requested) await db.insert(quoteRequests).values({ campingId: campsite.id, quoteId: quote.id, contactId, arrival: requested });
    };
    const [alone, twice] = await db.insert(contacts).values([{ campingId: campsite.id, firstName: 'Sola' }, { campingId: campsite.id, firstName: 'Doppia' }]).returning();
    await booking(alone.id, `${year - 2}-07-01`, `${year - 1}-07-01`);
    await booking(twice.id, `${year - 2}-07-01`, `${year - 1}-07-01`);
    await booking(twice.id, `${year - 2}-08-01`, null);
    await refreshCampsite(db, campsite.id, now);
    const expected = await definition(campsite.id, 'mese', now);
    expect(expected.returning).toEqual({ guests: 1, quotes: 1, won: 1 });
    expect(await figures(campsite.id, 'mese', now)).toEqual(expected);
  });
});
