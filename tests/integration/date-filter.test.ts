import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { listContacts } from '@/lib/contacts/search';
import { AppError } from '@/lib/errors';
import { insertContacts, makeContactsAccount } from '../helpers/contacts';
import { useTestDatabase } from '../helpers/db';
import { ctxFor } from '../helpers/ctx';

/**
 * The table date filter of spec section 5, on real rows: no range, every row; only a start,
 * that day (in Europe/Rome); start and end, both days included.
 */
let db: Database;
let tenant: Awaited<ReturnType<typeof makeContactsAccount>>['tenant'];

beforeAll(async () => {
  db = await useTestDatabase();
  ({ tenant } = await makeContactsAccount(db));
  await insertContacts(db, tenant.campsiteId, [
    // 9 March 2026, 23:30 UTC is already 10 March in Rome (UTC+1 in winter).
    { lastName: 'NottePrima', createdAt: new Date('2026-03-09T23:30:00Z') },
    { lastName: 'Mattina', createdAt: new Date('2026-03-10T08:00:00Z') },
    // 10 March, 23:30 UTC is 11 March in Rome.
    { lastName: 'Mezzanotte', createdAt: new Date('2026-03-10T23:30:00Z') },
    { lastName: 'Dodici', createdAt: new Date('2026-03-12T12:00:00Z') },
    // Summer time (UTC+2): 21:59 UTC on 14 July is 23:59 in Rome, 22:00 UTC is the 15th.
    { lastName: 'Luglio14', createdAt: new Date('2026-07-14T21:59:00Z') },
    { lastName: 'Luglio15', createdAt: new Date('2026-07-14T22:00:00Z') },
    { lastName: 'Prima', createdAt: new Date('2026-03-09T12:00:00Z') },
  ]);
});

async function surnames(dateFrom?: string, dateTo?: string): Promise<string[]> {
  const page = await listContacts(ctxFor(db, tenant), { dateFrom, dateTo, sort: 'meno-recenti', limit: 100 });
  return page.items.map((item) => item.lastName);
}

describe('the table date filter on date_creation', () => {
  it('lets every row through without dates', async () => {
    expect(await surnames()).toHaveLength(7);
    expect(await surnames('', '  ')).toHaveLength(7);
  });

  it('with only a start, keeps the rows of that day in Europe/Rome', async () => {
    expect(await surnames('10/03/2026')).toEqual(['NottePrima', 'Mattina']);
    expect(await surnames('9/3/2026')).toEqual(['Prima']);
    expect(await surnames('11/03/2026')).toEqual(['Mezzanotte']);
    expect(await surnames('14/07/2026')).toEqual(['Luglio14']);
    expect(await surnames('15/07/2026')).toEqual(['Luglio15']);
    expect(await surnames('13/03/2026')).toEqual([]);
  });

  it('with both dates, keeps the range with both days included', async () => {
    expect(await surnames('10/03/2026', '12/03/2026')).toEqual(['NottePrima', 'Mattina', 'Mezzanotte', 'Dodici']);
    expect(await surnames('10/03/2026', '10/03/2026')).toEqual(['NottePrima', 'Mattina']);
    expect(await surnames('01/01/2026', '31/12/2026')).toHaveLength(7);
  });

  it('with only an end, counts up to that day', async () => {
    expect(await surnames(undefined, '10/03/2026')).toEqual(['Prima', 'NottePrima', 'Mattina']);
  });

  it('refuses invalid dates, and an end before the start, in Italian', async () => {
    for (const [from, to, message] of [
      ['31/02/2026', undefined, 'Data iniziale non valida: usa il formato gg/mm/aaaa.'],
      ['2026-03-10', undefined, 'Data iniziale non valida: usa il formato gg/mm/aaaa.'],
      ['10/03/2026', 'domani', 'Data finale non valida: usa il formato gg/mm/aaaa.'],
      ['12/03/2026', '10/03/2026', 'La data finale precede quella iniziale.'],
    ] as const) {
      const error = await listContacts(ctxFor(db, tenant), { dateFrom: from, dateTo: to }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ kind: 'bad_request', message });
    }
  });
});
