import { and, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { contacts, quotes } from '@/db/schema';
import { endOfRomeDay } from '@/lib/date-filter';
import { effectiveProgressIn, effectiveProgressSql, expiredSql, isExpired, overdueSql, progressAt } from '@/lib/quotes/expiry';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

/*
 * The TypeScript rule and its SQL twin, evaluated on the real database row by row, against a
 * table written by hand: every progress × a validity ending yesterday, today, tomorrow or never,
 * at instants around midnight in Rome, in winter (UTC+1) and in summer (UTC+2).
 */

/** Written out, not computed: which progress values wait for the guest. */
const WAITING: Record<QuoteProgress, boolean> = {
  richiesta: false,
  bozza: false,
  nuovo: true,
  inviato: true,
  letto: true,
  accettato: false,
  rifiutato: false,
  convertito: false,
  'non convertito': false,
  scaduto: false,
};

type Validity = 'yesterday' | 'today' | 'tomorrow' | 'none';
type Moment = 'start of today' | 'last second of today' | 'half a second later' | 'midnight';

/** A validity is stored as the last second of its day in Rome; the instants are literal UTC. */
const SEASONS = [
  {
    season: 'winter',
    days: { yesterday: '2027-01-19', today: '2027-01-20', tomorrow: '2027-01-21' },
    ends: { yesterday: '2027-01-19T22:59:59.000Z', today: '2027-01-20T22:59:59.000Z', tomorrow: '2027-01-21T22:59:59.000Z' },
    moments: {
      'start of today': '2027-01-19T23:00:00.000Z',
      'last second of today': '2027-01-20T22:59:59.000Z',
      'half a second later': '2027-01-20T22:59:59.500Z',
      midnight: '2027-01-20T23:00:00.000Z',
    },
  },
  {
    season: 'summer',
    days: { yesterday: '2027-07-19', today: '2027-07-20', tomorrow: '2027-07-21' },
    ends: { yesterday: '2027-07-19T21:59:59.000Z', today: '2027-07-20T21:59:59.000Z', tomorrow: '2027-07-21T21:59:59.000Z' },
    moments: {
      'start of today': '2027-07-19T22:00:00.000Z',
      'last second of today': '2027-07-20T21:59:59.000Z',
      'half a second later': '2027-07-20T21:59:59.500Z',
      midnight: '2027-07-20T22:00:00.000Z',
    },
  },
] as const;

/** Whether the validity has run out at that moment: strictly after its last second. */
const PASSED: Record<Moment, Record<Validity, boolean>> = {
  'start of today': { yesterday: true, today: false, tomorrow: false, none: false },
  'last second of today': { yesterday: true, today: false, tomorrow: false, none: false },
  'half a second later': { yesterday: true, today: true, tomorrow: false, none: false },
  midnight: { yesterday: true, today: true, tomorrow: false, none: false },
};

const VALIDITIES: Validity[] = ['yesterday', 'today', 'tomorrow', 'none'];

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

describe.each(SEASONS)('the expiry rule in $season', ({ days, ends, moments }) => {
  const rows: { id: string; progress: QuoteProgress; validity: Validity; validUntil: Date | null }[] = [];
  let campsiteId: string;

  beforeAll(async () => {
    campsiteId = (await makeCampsite(db)).id;
    const [contact] = await db.insert(contacts).values({ campingId: campsiteId }).returning();
    for (const progress of QUOTE_PROGRESS) {
      for (const validity of VALIDITIES) {
        const validUntil = validity === 'none' ? null : new Date(ends[validity]);
        const [quote] = await db.insert(quotes).values({ campingId: campsiteId, contactId: contact.id, progress, validUntil }).returning();
        rows.push({ id: quote.id, progress, validity, validUntil });
      }
    }
  });

  it('stores a validity as the instants of the table', () => {
    for (const validity of ['yesterday', 'today', 'tomorrow'] as const) {
      expect(endOfRomeDay(days[validity]).toISOString()).toBe(ends[validity]);
    }
  });

  describe.each(Object.keys(moments) as Moment[])('at %s', (moment) => {
    const now = new Date(moments[moment]);

    it('SQL and TypeScript agree with the table on every progress and validity', async () => {
      const evaluated = await db
        .select({ id: quotes.id, expired: expiredSql(now), overdue: overdueSql(now), effective: effectiveProgressSql(now) })
        .from(quotes)
        .where(eq(quotes.campingId, campsiteId));
      const byId = new Map(evaluated.map((row) => [row.id, row]));
      for (const { id, progress, validity, validUntil } of rows) {
        const expected = progress === 'scaduto' || (WAITING[progress] && PASSED[moment][validity]);
        const overdue = WAITING[progress] && PASSED[moment][validity];
        const label = `${progress}, validity ${validity}`;
        expect(isExpired(progress, validUntil, now), label).toBe(expected);
        expect(byId.get(id), label).toEqual({ id, expired: expected, overdue, effective: overdue ? 'scaduto' : progress });
        expect(progressAt(progress, validUntil, now), label).toBe(overdue ? 'scaduto' : progress);
      }
    });

    it('filters the list by the progress each quote shows', async () => {
      for (const wanted of QUOTE_PROGRESS) {
        const found = await db
          .select({ id: quotes.id })
          .from(quotes)
          .where(and(eq(quotes.campingId, campsiteId), effectiveProgressIn([wanted], now)));
        const expected = rows.filter((row) => progressAt(row.progress, row.validUntil, now) === wanted).map((row) => row.id);
        expect(found.map((row) => row.id).sort(), wanted).toEqual(expected.sort());
      }
    });
  });
});

it('reads the database clock when given no instant', async () => {
  const columns = (validUntil: SQL) => ({ progress: sql`'nuovo'`, validUntil });
  const result = await db.execute(
    sql`select ${expiredSql(undefined, columns(sql`now() - interval '1 second'`))} as passed, ${expiredSql(undefined, columns(sql`now() + interval '1 second'`))} as valid`,
  );
  expect(resultRows(result)).toEqual([{ passed: true, valid: false }]);
});
