import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { notifications, quoteCards, quotes } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { acceptByGuest, markViewedByGuest, renameByGuest } from '@/lib/public-quotes/service';
import { buildGuestQuoteView, type GuestQuoteIds } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { callApi, randomAddress, type Dispatch } from '../helpers/legacy-api';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, progressEvents, quoteInput } from '../helpers/quotes';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

/** A German guest's quote with two priced cards, sent (inviato) as the mail would leave it. */
async function sentQuote(text = '<p>Willkommen!</p>') {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3 });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [PITCH_CARD, { ...MOBILE_HOME_CARD, text }] }), account.platform);
  await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'system' });
  const ids: GuestQuoteIds = { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id };
  return { ...account, guest, quote, ids };
}

const noticesOf = (quoteId: string) => db.select().from(notifications).where(eq(notifications.quoteId, quoteId));
const progressOf = async (quoteId: string) => (await db.select({ progress: quotes.progress }).from(quotes).where(eq(quotes.id, quoteId)))[0].progress;

describe('the guest’s view of a quote', () => {
  it('shows the priced cards in the guest’s language, with the staff’s HTML sanitised', async () => {
    const { ids } = await sentQuote('<p>Hallo<script>window.__xss()</script><img src=x onerror="window.__xss()"></p>');
    const view = await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids);
    expect(view?.locale).toBe('de');
    expect(view?.quote).toMatchObject({ name: 'Sommer', state: 'open', awaitingRead: true });
    expect(view?.cards.map((card) => card.idx)).toEqual([0, 1]);
    expect(view?.cards[1].text).not.toMatch(/script|onerror/);
    expect(view?.cards[1].text).toContain('Hallo');
  });

  it('is not found when any one of the three ids is wrong', async () => {
    const { ids } = await sentQuote();
    const other = await sentQuote();
    for (const wrong of [
      { ...ids, contactId: other.ids.contactId },
      { ...ids, campsiteId: other.ids.campsiteId },
      { ...ids, quoteId: other.ids.quoteId },
    ]) {
      expect(await buildGuestQuoteView(guestCtxFor(db, wrong.campsiteId), wrong)).toBeNull();
    }
  });
});

describe('opening the quote', () => {
  it('marks it letto once and tells the staff once', async () => {
    const { ids, quote } = await sentQuote();
    expect(await markViewedByGuest(guestCtxFor(db, ids.campsiteId), ids)).toBe(true);
    expect(await markViewedByGuest(guestCtxFor(db, ids.campsiteId), ids)).toBe(false);
    expect(await progressOf(quote.id)).toBe('letto');
    const notices = await noticesOf(quote.id);
    expect(notices.map((notice) => notice.group)).toEqual(['preventivo']);
    expect((await progressEvents(db, quote.id)).filter((event) => event.toProgress === 'letto')).toHaveLength(1);
  });

  it('never moves an accepted quote back', async () => {
    const { ids, quote } = await sentQuote();
    await acceptByGuest(guestCtxFor(db, ids.campsiteId), ids, 1);
    expect(await markViewedByGuest(guestCtxFor(db, ids.campsiteId), ids)).toBe(false);
    expect(await progressOf(quote.id)).toBe('accettato');
  });

  it('answers the same to two views at the same moment: one mark, one notification', async () => {
    const { ids, quote } = await sentQuote();
    const marks = await Promise.all([markViewedByGuest(guestCtxFor(db, ids.campsiteId), ids), markViewedByGuest(guestCtxFor(db, ids.campsiteId), ids)]);
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await noticesOf(quote.id)).toHaveLength(1);
  });
});

describe('accepting an offer', () => {
  it('makes the quote accettato with the chosen card and notifies the staff', async () => {
    const { ids, quote } = await sentQuote();
    const accepted = await acceptByGuest(guestCtxFor(db, ids.campsiteId), ids, 1);
    expect(accepted).toMatchObject({ progress: 'accettato', acceptedCardIdx: 1 });
    expect((await noticesOf(quote.id)).map((notice) => notice.group)).toContain('accettazione');
    expect(await failure(acceptByGuest(guestCtxFor(db, ids.campsiteId), ids, 0))).toMatchObject({ kind: 'conflict', details: { code: 'already_accepted' } });
  });

  it('refuses an expired, a refused or an unknown offer, each with its own code', async () => {
    const expired = await sentQuote();
    await db.update(quotes).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(quotes.id, expired.quote.id));
    expect(await failure(acceptByGuest(guestCtxFor(db, expired.ids.campsiteId), expired.ids, 0))).toMatchObject({ details: { code: 'expired' } });

    const refused = await sentQuote();
    await changeProgress(jobCtxFor(db, refused.ids.campsiteId), { quoteId: refused.quote.id, to: 'rifiutato', actor: 'staff' });
    expect(await failure(acceptByGuest(guestCtxFor(db, refused.ids.campsiteId), refused.ids, 0))).toMatchObject({ details: { code: 'not_open' } });

    const open = await sentQuote();
    expect(await failure(acceptByGuest(guestCtxFor(db, open.ids.campsiteId), open.ids, 7))).toMatchObject({ details: { code: 'unknown_card' } });
    expect(await progressOf(open.quote.id)).toBe('inviato');
  });

  it('lets the guest rename the quote', async () => {
    const { ids, quote } = await sentQuote();
    await renameByGuest(guestCtxFor(db, ids.campsiteId), ids, 'Estate al lago');
    const [row] = await db.select({ name: quotes.name }).from(quotes).where(and(eq(quotes.id, quote.id)));
    expect(row.name).toBe('Estate al lago');
  });
});

describe('the public calls of the mini-site', () => {
  it('accept through /accettaPreventivo and read through /getQuoteNoAuth, but only with the right ids', async () => {
    const { ids, quote } = await sentQuote();
    const other = await sentQuote();
    const path = `/accettaPreventivo/${ids.campsiteId}/${ids.quoteId}/1`;
    expect((await callApi(dispatch, 'POST', path, { body: { cliente: other.ids.contactId } })).status).toBe(404);
    expect((await callApi(dispatch, 'POST', `/accettaPreventivo/${other.ids.campsiteId}/${ids.quoteId}/1`, { body: {} })).status).toBe(404);
    expect((await callApi(dispatch, 'POST', path, { body: { cliente: ids.contactId } })).json).toEqual({ accettata: 1 });
    const read = await callApi(dispatch, 'POST', `/getQuoteNoAuth/${ids.campsiteId}/${ids.quoteId}`, { body: { cliente: ids.contactId } });
    expect(read.json).toMatchObject({ quote: { state: 'accepted', acceptedCardIdx: 1 } });
    expect(read.text).not.toContain('passwordHash');
    const repeat = await callApi(dispatch, 'POST', path, { body: { cliente: ids.contactId } });
    expect(repeat).toMatchObject({ status: 409, json: { code: 'already_accepted' } });
    expect((await db.select().from(quoteCards).where(eq(quoteCards.quoteId, quote.id))).length).toBe(2);
  });

  it('refuses an address that keeps guessing quote links', async () => {
    const ip = randomAddress();
    const { ids } = await sentQuote();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await callApi(dispatch, 'POST', `/visualizzato/${ids.campsiteId}/inventato${attempt}`, { ip })).status).toBe(404);
    }
    expect((await callApi(dispatch, 'POST', `/visualizzato/${ids.campsiteId}/inventato`, { ip })).status).toBe(404);
    // Over the limit, even a right link is refused from that address for a while.
    expect((await callApi(dispatch, 'POST', `/visualizzato/${ids.campsiteId}/${ids.quoteId}`, { ip })).status).toBe(429);
    expect((await callApi(dispatch, 'POST', `/visualizzato/${ids.campsiteId}/${ids.quoteId}`)).status).toBe(200);
  });
});
