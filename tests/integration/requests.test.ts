import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { quoteRequests, quotes } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { findQuote } from '@/lib/quotes/detail';
import { listRequests, refuseQuote } from '@/lib/quotes/requests';
import { updateQuote } from '@/lib/quotes/service';
import type { Tenant } from '@/lib/tenant';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, progressEvents, quoteInput } from '../helpers/quotes';
import { ctxFor } from '../helpers/ctx';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

/** A request from the public form as it is stored: a 'richiesta' quote and its quote_requests row. */
async function insertRequest(tenant: Tenant, contactId: string, createdAt: Date, message: string) {
  const [quote] = await db.insert(quotes).values({ campingId: tenant.campsiteId, contactId, progress: 'richiesta', name: message, createdAt }).returning();
  await db.insert(quoteRequests).values({
    campingId: tenant.campsiteId,
    quoteId: quote.id,
    contactId,
    arrival: '2027-07-01',
    departure: '2027-07-08',
    message,
    payload: { messaggio: message },
    createdAt,
  });
  return quote;
}

async function setup(count = 5) {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Chiara', lastName: 'Ferri' });
  const requests = [];
  for (let i = 0; i < count; i++) {
    // One minute apart; the first two at the same instant, so the id breaks the tie.
    const createdAt = new Date(Date.UTC(2026, 4, 1, 10, i < 2 ? 0 : i));
    requests.push(await insertRequest(account.tenant, guest.id, createdAt, `Richiesta ${i}`));
  }
  return { ...account, guest, requests };
}

describe('listRequests', () => {
  it('shows only requests still waiting in «open», every request in «all», newest first', async () => {
    const { tenant, platform, guest, requests } = await setup(4);
    // One answered with a quote, one refused.
    await updateQuote(ctxFor(db, tenant), requests[1].id, quoteInput({ contactId: guest.id, saveAs: 'nuovo', cards: [PITCH_CARD] }), platform);
    await refuseQuote(ctxFor(db, tenant), requests[2].id, 'Campeggio pieno');

    const open = await listRequests(ctxFor(db, tenant), { scope: 'open' });
    expect(open.nextCursor).toBeNull();
    expect(open.items.map((item) => item.quoteId).sort()).toEqual([requests[0].id, requests[3].id].sort());
    expect(open.items[0]).toMatchObject({
      quoteId: requests[3].id,
      progress: 'richiesta',
      arrival: '2027-07-01',
      departure: '2027-07-08',
      message: 'Richiesta 3',
      contact: { id: guest.id, firstName: 'Chiara', lastName: 'Ferri', email: guest.email },
    });

    const all = await listRequests(ctxFor(db, tenant), { scope: 'all' });
    expect(all.items.map((item) => item.quoteId).sort()).toEqual(requests.map((quote) => quote.id).sort());
    expect(Object.fromEntries(all.items.map((item) => [item.message, item.progress]))).toEqual({
      'Richiesta 0': 'richiesta',
      'Richiesta 1': 'nuovo',
      'Richiesta 2': 'rifiutato',
      'Richiesta 3': 'richiesta',
    });
    expect(all.items[0].message).toBe('Richiesta 3');
  });

  it('pages by keyset: every request exactly once', async () => {
    const { tenant, requests } = await setup(7);
    for (const scope of ['all', 'open'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await listRequests(ctxFor(db, tenant), { scope, cursor, limit: 2 });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.quoteId));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
        expect(pages).toBeLessThan(10);
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toHaveLength(7);
      expect([...seen].sort()).toEqual(requests.map((quote) => quote.id).sort());
      // Newest first: Richiesta 6 … Richiesta 2, then the two of the same minute.
      expect(seen.slice(0, 5)).toEqual([6, 5, 4, 3, 2].map((i) => requests[i].id));
    }
  });

  it('finds a guest’s requests by every word typed (surname fragment, accents, e-mail, phone), within the view and the campsite', async () => {
    const { tenant, guest, requests } = await setup(2);
    const other = await makeGuest(db, tenant, { firstName: 'Jürgen', lastName: 'Wöhrle', phone: '+49 171 555 0199' });
    const his = await insertRequest(tenant, other.id, new Date(Date.UTC(2026, 4, 2, 9, 0)), 'Stellplatz für einen Camper');
    await refuseQuote(ctxFor(db, tenant), requests[0].id, 'Campeggio pieno');
    const ids = async (scope: 'open' | 'all', search: string) => (await listRequests(ctxFor(db, tenant), { scope, search })).items.map((item) => item.quoteId).sort();

    expect(await ids('all', 'ferr')).toEqual(requests.map((quote) => quote.id).sort());
    expect(await ids('open', 'FERRI')).toEqual([requests[1].id]);
    expect(await ids('all', 'wohrle')).toEqual([his.id]);
    expect(await ids('all', 'jurgen wöh')).toEqual([his.id]);
    expect(await ids('all', '555 0199')).toEqual([his.id]);
    expect(await ids('all', guest.email!.split('@')[0])).toEqual(requests.map((quote) => quote.id).sort());
    // Every word must match, and a word of nobody finds nothing.
    expect(await ids('all', 'chiara wohrle')).toEqual([]);
    // Blank is no filter; LIKE's own characters are plain text.
    expect(await ids('all', '   ')).toHaveLength(3);
    expect(await ids('all', '%')).toEqual([]);
    // Another campsite's guest with the same name is not found.
    const theirs = await setup(1);
    expect(await ids('all', 'ferri')).not.toContain(theirs.requests[0].id);
  });

  it('shows only the campsite’s own requests', async () => {
    const mine = await setup(2);
    const theirs = await setup(2);
    const listed = (await listRequests(ctxFor(db, mine.tenant), { scope: 'all' })).items.map((item) => item.quoteId);
    expect(listed.sort()).toEqual(mine.requests.map((quote) => quote.id).sort());
    for (const quote of theirs.requests) expect(listed).not.toContain(quote.id);
  });
});

describe('refuseQuote', () => {
  it('closes a request as rifiutato with the reason, and records it in the event', async () => {
    const { tenant, user, requests } = await setup(1);
    const refused = await refuseQuote(ctxFor(db, tenant), requests[0].id, 'Nessuna piazzola libera per un camper di 9 metri');
    expect(refused).toMatchObject({ progress: 'rifiutato', refusalReason: 'Nessuna piazzola libera per un camper di 9 metri' });
    expect(refused.refusedAt).toBeInstanceOf(Date);
    expect(await progressEvents(db, requests[0].id)).toEqual([
      expect.objectContaining({
        fromProgress: 'richiesta',
        toProgress: 'rifiutato',
        actorKind: 'staff',
        actorUserId: user.id,
        note: 'Nessuna piazzola libera per un camper di 9 metri',
      }),
    ]);
    expect((await listRequests(ctxFor(db, tenant), { scope: 'open' })).items).toEqual([]);

    // Refusing twice is a conflict, and keeps the first reason.
    const again = await refuseQuote(ctxFor(db, tenant), requests[0].id, 'Altro motivo').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).kind).toBe('conflict');
    expect((await findQuote(ctxFor(db, tenant), requests[0].id)).refusalReason).toBe('Nessuna piazzola libera per un camper di 9 metri');
  });
});
