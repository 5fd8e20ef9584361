import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, contacts, legacyIdMap, quoteCards, quoteProgressEvents, quoteRequests, quotes } from '@/db/schema';
import { toLegacyQuote } from '@/lib/legacy-api/shapes/quote';
import { connectLegacy } from '@/lib/legacy-import/client';
import type { LegacyKind } from '@/lib/legacy-import/kind';
import { contactsKind } from '@/lib/legacy-import/kinds/contacts';
import { quotesKind } from '@/lib/legacy-import/kinds/quotes';
import { runLegacyImport, type ImportResult } from '@/lib/legacy-import/run';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { getQuoteDetail } from '@/lib/quotes/detail';
import { listRequests } from '@/lib/quotes/requests';
import { jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { oldId } from '../helpers/legacy-source/old-records';
import { startLegacySource, type LegacySource } from '../helpers/legacy-source';

const db = await useTestDatabase();

let source: LegacySource;
/** A quote the old system holds with a progress this product does not know: skipped with its id. */
const invalidQuoteId = oldId();
let dry: ImportResult;
let resumed: ImportResult;

const connect = () => connectLegacy({ baseUrl: source.baseUrl, ...source.staff, ratePerSecond: 200 });
const run = async (kinds: readonly LegacyKind[], dryRun = false) => runLegacyImport(db, { client: await connect(), sourceUrl: source.baseUrl, kinds, samples: 50, dryRun });

/** Every quote of a campsite with its cards, in the legacy shape, as stored (not as a list derives it). */
async function storedQuotes(handle: Database, campsiteId: string) {
  const rows = await handle.select().from(quotes).where(eq(quotes.campingId, campsiteId)).orderBy(asc(quotes.id));
  const cards = await handle.select().from(quoteCards).where(eq(quoteCards.campingId, campsiteId)).orderBy(asc(quoteCards.quoteId), asc(quoteCards.idx));
  return rows.map((quote) => toLegacyQuote(quote, cards.filter((card) => card.quoteId === quote.id)));
}

/** The id here of an old id: the one legacy_id_map gives, or the old id kept. */
async function hereId(kind: 'preventivi' | 'schede', old: string) {
  const [mapped] = await db
    .select({ newId: legacyIdMap.newId })
    .from(legacyIdMap)
    .where(and(eq(legacyIdMap.campingId, source.campsiteId), eq(legacyIdMap.kind, kind), eq(legacyIdMap.oldId, old)));
  return mapped?.newId ?? old;
}

/** The quotes here with the old ids back in place of those the map gave, to compare with the old system's. */
async function asOld(here: Awaited<ReturnType<typeof storedQuotes>>) {
  const rows = await db.select().from(legacyIdMap).where(eq(legacyIdMap.campingId, source.campsiteId));
  const old = (kind: string, id: string) => rows.find((row) => row.kind === kind && row.newId === id)?.oldId ?? id;
  return here
    .map((quote) => ({ ...quote, _id: old('preventivi', quote._id), schede: quote.schede.map((card) => ({ ...card, _id: old('schede', card._id) })) }))
    .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** Another campsite here already has the old sent quote's id and its first card's: the import gives them ids of their own. */
const otherCampsiteId = `altro-${oldId()}`;

beforeAll(async () => {
  // More than one page of 200 quotes: the demo's and 150 generated ones.
  source = await startLegacySource({ quotes: 150 });
  const [template] = await source.db.select().from(quotes).where(eq(quotes.id, source.old.quoteIds[0]));
  await source.db.insert(quotes).values({ ...template, id: invalidQuoteId, name: 'Stato sconosciuto', progress: 'in lavorazione' as never, createdAt: new Date(template.createdAt.getTime() - 1000) });

  const otherContactId = oldId();
  await db.insert(campsites).values({ id: otherCampsiteId, name: 'Campeggio già qui' });
  await db.insert(contacts).values({ id: otherContactId, campingId: otherCampsiteId, firstName: 'Già', lastName: 'Qui', email: 'gia.qui@example.com' });
  await db.insert(quotes).values({ id: source.old.quoteIds[0], campingId: otherCampsiteId, contactId: otherContactId, name: 'Preventivo di un altro campeggio' });
  await db.insert(quoteCards).values({ id: source.old.cardIds[0], campingId: otherCampsiteId, quoteId: source.old.quoteIds[0], idx: 0, totalCents: 777 });

  // The campsite is made first: a dry run into a campsite not yet here cannot record its import (run.ts).
  await db.insert(campsites).values({ id: source.campsiteId, name: 'Camping Lago Azzurro' });
  dry = await run([contactsKind, quotesKind], true);
  // Killed on its second page of quotes, then run again: it resumes after the last page written.
  let pages = 0;
  const dying: LegacyKind = {
    ...quotesKind,
    async write(ctx, items) {
      if (++pages === 2) throw new Error('interrotto a metà');
      return quotesKind.write(ctx, items);
    },
  };
  await expect(run([contactsKind, dying])).rejects.toThrow('interrotto a metà');
  resumed = await run([contactsKind, quotesKind]);
}, 300_000);
afterAll(async () => {
  await source?.stop();
});

describe('quotes come from the old CRM with their cards, state and amounts', () => {
  it('a dry run reads and checks every quote and writes none', async () => {
    const there = await storedQuotes(source.db, source.campsiteId);
    expect(dry.report.kinds.find((kind) => kind.kind === 'preventivi')).toMatchObject({ there: there.length, here: 0, written: 0, skipped: 1 });
    expect(dry.report.skipped).toContainEqual({ kind: 'preventivi', oldId: invalidQuoteId, reason: expect.stringMatching(/^progress: /) });
  });

  it('resumes after a kill and ends with every valid quote, once, under its old id or the one the map gave', async () => {
    expect(resumed.resumed).toBe(true);
    expect(resumed.campsiteId).toBe(source.campsiteId);
    const there = await storedQuotes(source.db, source.campsiteId);
    const here = await asOld(await storedQuotes(db, source.campsiteId));
    const report = resumed.report.kinds.find((kind) => kind.kind === 'preventivi');
    expect(report).toMatchObject({ there: there.length, here: there.length - 1, skipped: 1 });
    expect(here.map((quote) => quote._id)).toEqual(there.map((quote) => quote._id).filter((id) => id !== invalidQuoteId));
    expect(here.map((quote) => quote._id)).toEqual(expect.arrayContaining(source.old.quoteIds));
    // Field by field as the legacy API shows them; the owners are users, another kind not imported here.
    const expected = there.filter((quote) => quote._id !== invalidQuoteId).map((quote) => ({ ...quote, owner: null }));
    expect(here).toEqual(expected);
    // The other campsite's quote and card are as they were; the old ones took ids of their own.
    const [renamedQuote, renamedCard] = [await hereId('preventivi', source.old.quoteIds[0]), await hereId('schede', source.old.cardIds[0])];
    expect(renamedQuote).not.toBe(source.old.quoteIds[0]);
    expect(renamedCard).not.toBe(source.old.cardIds[0]);
    expect(await db.select({ name: quotes.name }).from(quotes).where(eq(quotes.id, source.old.quoteIds[0]))).toEqual([{ name: 'Preventivo di un altro campeggio' }]);
    expect(await db.select({ total: quoteCards.totalCents }).from(quoteCards).where(eq(quoteCards.id, source.old.cardIds[0]))).toEqual([{ total: 777 }]);
    const cardCount = (handle: Database) => handle.select().from(quoteCards).where(eq(quoteCards.campingId, source.campsiteId));
    // The invalid quote has no cards: every card of the old campsite is here.
    expect((await cardCount(db)).length).toBe((await cardCount(source.db)).length);
  });

  it('skips the invalid quote with its old id and why, and compares a sample field by field with no difference', () => {
    expect(resumed.report.skipped).toContainEqual({ kind: 'preventivi', oldId: invalidQuoteId, reason: expect.stringMatching(/^progress: /) });
    const sample = resumed.report.samples.find((entry) => entry.kind === 'preventivi');
    expect(sample?.compared).toBe(50);
    expect(sample?.differences).toEqual([]);
  });

  it('reads back through our services as the old system shows it', async () => {
    const ctx = jobCtxFor(db, source.campsiteId);
    const sent = await hereId('preventivi', source.old.quoteIds[0]);
    const detail = await getQuoteDetail(ctx, sent);
    expect(detail.quote).toMatchObject({ id: sent, contactId: source.old.contactIds[0], progress: 'inviato' });
    expect(detail.cards.map((card) => card.id)).toEqual([await hereId('schede', source.old.cardIds[0]), source.old.cardIds[1]]);
    // The history as far as the old dates tell it: created, then sent.
    expect(detail.events.map((event) => [event.from, event.to])).toEqual([
      ['nuovo', 'inviato'],
      [null, 'nuovo'],
    ]);
    // The quote still a request is in the staff's requests, with its first card's stay.
    const open = await listRequests(ctx, { scope: 'open', limit: 100 });
    expect(open.items.map((item) => item.quoteId)).toContain(source.old.quoteIds[1]);
  });

  it('shows 50 quotes on the mini-site with the same totals as the old one', async () => {
    const renamed = await db.select().from(legacyIdMap).where(and(eq(legacyIdMap.campingId, source.campsiteId), eq(legacyIdMap.kind, 'preventivi')));
    const oldIdOf = (id: string) => renamed.find((row) => row.newId === id)?.oldId ?? id;
    const priced = (await storedQuotes(db, source.campsiteId)).filter((quote) => quote.schede.some((card) => card.totale > 0));
    // The renamed quote among them: its old link's quote is the one shown here under its new id.
    const sample = [...priced.filter((quote) => oldIdOf(quote._id) !== quote._id), ...priced.filter((quote) => oldIdOf(quote._id) === quote._id)].slice(0, 50);
    expect(oldIdOf(sample[0]._id)).toBe(source.old.quoteIds[0]);
    expect(sample.length).toBe(50);
    const totals = (view: { quote: unknown; cards: { idx: number; subtotalCents: number; discountCents: number; totalCents: number; priceLines: { quantity: number; unitCents: number; totalCents: number }[] }[] }) => ({
      quote: view.quote,
      cards: view.cards.map((card) => ({
        idx: card.idx,
        subtotalCents: card.subtotalCents,
        discountCents: card.discountCents,
        totalCents: card.totalCents,
        lines: card.priceLines.map((line) => [line.quantity, line.unitCents, line.totalCents]),
      })),
    });
    for (const quote of sample) {
      const response = await fetch(`${source.baseUrl}/api/getQuoteNoAuth/${source.campsiteId}/${oldIdOf(quote._id)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(200);
      const old = await response.json();
      const view = await buildGuestQuoteView(jobCtxFor(db, source.campsiteId), { quoteId: quote._id, contactId: quote.contact });
      expect(view).not.toBeNull();
      expect(totals(JSON.parse(JSON.stringify(view)))).toEqual(totals({ ...old, quote: { ...old.quote, id: quote._id } }));
    }
  });

  it('changes nothing on a second full run, and brings a card the old system changed', async () => {
    const again = await run([contactsKind, quotesKind]);
    expect(again.resumed).toBe(false);
    for (const kind of again.report.kinds) expect({ kind: kind.kind, written: kind.written }).toEqual({ kind: kind.kind, written: 0 });
    const events = await db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, source.campsiteId));
    const requests = await db.select().from(quoteRequests).where(eq(quoteRequests.campingId, source.campsiteId));

    // The old system drops a card and reprices the other: one quote written, its card deleted.
    await source.db.delete(quoteCards).where(eq(quoteCards.id, source.old.cardIds[1]));
    await source.db.update(quoteCards).set({ totalCents: 12_345 }).where(eq(quoteCards.id, source.old.cardIds[0]));
    const changed = await run([contactsKind, quotesKind]);
    expect(changed.report.kinds.find((kind) => kind.kind === 'preventivi')?.written).toBe(1);
    const renamedCard = await hereId('schede', source.old.cardIds[0]);
    const cards = await db.select().from(quoteCards).where(and(eq(quoteCards.campingId, source.campsiteId), inArray(quoteCards.id, [renamedCard, source.old.cardIds[1]])));
    expect(cards.map((card) => [card.id, card.totalCents])).toEqual([[renamedCard, 12_345]]);
    expect((await db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, source.campsiteId))).length).toBe(events.length);
    expect((await db.select().from(quoteRequests).where(eq(quoteRequests.campingId, source.campsiteId))).length).toBe(requests.length);
  });
});
