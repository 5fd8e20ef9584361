import { and, count, eq, inArray } from 'drizzle-orm';
import { contacts, languages, quotes, users, type LegacyImportSkip } from '@/db/schema';
import { cardsOf, findQuote } from '@/lib/quotes/detail';
import { legacyQuoteSchema, toLegacyQuote } from '@/lib/legacy-api/shapes/quote';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { streamPages } from '../stream-pages';
import { upsertKeepingIds } from '../upsert';
import { openRequests, writeCards, writeHistory } from './quote-children';
import { cardRows, historyRows, problemOf, QUOTE_COMPARED, quoteRow, type LegacyQuote } from './quote-rows';

const KIND = 'preventivi';

/**
 * Preventivi with their cards, state and history, read from /getQuote/all: the whole quote with
 * every card, streamed in one answer. /getQuote/lazy pages the list instead, but its items are the
 * list's summary (a card count, the least and most total, the progress as the list shows it): the
 * cards and the dates would cost one /getQuote/{id} per quote, 100,000 calls for 100,000 quotes
 * against one.
 */
export const quotesKind: LegacyKind = {
  name: KIND,
  label: 'Preventivi',
  pages: (client, from) => streamPages(client, '/getQuote/all', from),
  async write(ctx, items) {
    const parsed = parseEach(KIND, items, legacyQuoteSchema);
    const skipped: LegacyImportSkip[] = [...parsed.skipped];
    const unique = new Map<string, LegacyQuote>();
    for (const quote of parsed.records) {
      const problem = problemOf(quote);
      if (problem) skipped.push({ kind: KIND, oldId: quote._id, reason: problem });
      else unique.set(quote._id, quote);
    }
    const records = [...unique.values()];
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId, ids } = ctx;

    const oldContacts = [...new Set(records.map((quote) => quote.contact))];
    const oldOwners = [...new Set(records.flatMap((quote) => (quote.owner === null ? [] : [quote.owner])))];
    const oldImages = [...new Set(records.flatMap((quote) => quote.schede.flatMap((card) => card.immagini)))];
    await Promise.all([ids.load(db, 'contatti', oldContacts), ids.load(db, 'utenti', oldOwners), ids.load(db, 'immagini', oldImages)]);
    const contactIds = oldContacts.map((oldId) => ids.resolve('contatti', oldId));
    const ownerIds = oldOwners.map((oldId) => ids.resolve('utenti', oldId));
    const [knownContacts, knownOwners, knownLanguages] = await Promise.all([
      db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.campingId, campsiteId), inArray(contacts.id, contactIds))),
      ownerIds.length ? db.select({ id: users.id }).from(users).where(and(eq(users.campingId, campsiteId), inArray(users.id, ownerIds))) : [],
      db.select({ id: languages.id }).from(languages),
    ]);
    const contactHere = new Set(knownContacts.map((row) => row.id));
    const ownerHere = new Set(knownOwners.map((row) => row.id));
    const languageHere = new Set(knownLanguages.map((row) => row.id));

    const kept: { legacy: LegacyQuote; row: ReturnType<typeof quoteRow> }[] = [];
    for (const quote of records) {
      const contactId = ids.resolve('contatti', quote.contact);
      // A dry run wrote no contact: only a real run can tell a guest that did not come.
      if (!contactHere.has(contactId) && !ctx.dryRun) {
        skipped.push({ kind: KIND, oldId: quote._id, reason: `contact: il cliente ${quote.contact} non è stato importato` });
        continue;
      }
      const owner = quote.owner === null ? null : ids.resolve('utenti', quote.owner);
      const refs = {
        contactId,
        ownerId: owner !== null && ownerHere.has(owner) ? owner : null,
        languageId: quote.lingua !== null && languageHere.has(quote.lingua) ? quote.lingua : null,
      };
      kept.push({ legacy: quote, row: quoteRow(quote, campsiteId, refs) });
    }
    // The quote's id here (kept, or mapped) is known once the upsert has placed it.
    const outcome = await upsertKeepingIds(ctx, quotes, KIND, kept.map((entry) => entry.row), [...QUOTE_COMPARED]);
    const changed = new Set(outcome.written);
    const quoteIds = kept.map((entry) => entry.row.id);
    const imageId = (oldId: string) => ids.resolve('immagini', oldId);
    const cards = kept.flatMap((entry) => cardRows(entry.legacy, entry.row.id, campsiteId, imageId));
    for (const id of await writeCards(ctx, quoteIds, cards)) changed.add(id);
    for (const id of await writeHistory(ctx, quoteIds, kept.flatMap((entry) => historyRows(entry.legacy, entry.row.id, campsiteId)))) changed.add(id);
    const requests = kept.map((entry) => ({ id: entry.row.id, contactId: entry.row.contactId, languageId: entry.row.languageId ?? null, legacy: entry.legacy }));
    for (const id of await openRequests(ctx, requests)) changed.add(id);
    const written = quoteIds.filter((id) => changed.has(id)).length;
    return { written, unchanged: ctx.dryRun ? 0 : quoteIds.length - written, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(quotes).where(eq(quotes.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const id = ctx.ids.resolve(KIND, oldId);
    const quote = await findQuote(ctx, id).catch(() => null);
    return quote ? comparableQuote(toLegacyQuote(quote, await cardsOf(ctx, id))) : null;
  },
  async showThere(client, oldId) {
    return comparableQuote(await client.json('POST', `/getQuote/${encodeURIComponent(oldId)}`, legacyQuoteSchema));
  },
};

/**
 * What a quote keeps across systems, for the report's sample: its state and every card's stay,
 * party, prices and totals (the amounts the mini-site shows). Not the ids that may be renamed
 * (the quote's, its guest's, owner's, cards' and images').
 */
export function comparableQuote(quote: LegacyQuote) {
  return {
    name: quote.name,
    progress: quote.progress,
    lingua: quote.lingua,
    scadenza: quote.scadenza,
    tags: quote.tags,
    inviato: quote.inviato,
    letto: quote.letto,
    accettata: quote.accettata,
    dataAccettazione: quote.dataAccettazione,
    motivoRifiuto: quote.motivoRifiuto,
    risorse: quote.risorse,
    annoPratica: quote.annoPratica,
    numeroPratica: quote.numeroPratica,
    date_creation: quote.date_creation,
    __v: quote.__v,
    schede: quote.schede.map((card) => ({
      idx: card.idx,
      tipologia: card.tipologia,
      nomeTipologia: card.nomeTipologia,
      arrivo: card.arrivo,
      partenza: card.partenza,
      persone: card.persone,
      mezzi: card.mezzi,
      servizi: card.servizi,
      listino: card.listino,
      offerta: card.offerta,
      nomeOfferta: card.nomeOfferta,
      righe: card.righe,
      subtotale: card.subtotale,
      sconto: card.sconto,
      scontoPercentuale: card.scontoPercentuale,
      scontoApplicato: card.scontoApplicato,
      scontoSoloSuUnita: card.scontoSoloSuUnita,
      totale: card.totale,
      testo: card.testo,
    })),
  };
}
