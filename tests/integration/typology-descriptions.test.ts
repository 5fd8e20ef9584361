import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { deleteDescription, getDescription, listDescriptions, saveDescription, saveTypologyCategories, getTypologyCategories } from '@/lib/images/descriptions';
import { uploadImage } from '@/lib/images/service';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { jpegWithExif } from '../helpers/images';
import { makeCampsite } from '../helpers/fixtures';
import { MOBILE_HOME_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

describe('typology descriptions', () => {
  it('keeps one description per typology and language, per campsite', async () => {
    const campsite = await makeCampsite(db);
    const other = await makeCampsite(db);
    await saveDescription(jobCtxFor(db, campsite.id), { typologyId: 'T1', languageId: 1, html: '<p>Uno</p>' });
    await saveDescription(jobCtxFor(db, campsite.id), { typologyId: 'T1', languageId: 1, html: '<p>Uno, riscritto</p>' });
    await saveDescription(jobCtxFor(db, campsite.id), { typologyId: 'T1', languageId: 2, html: '<p>One</p>' });
    expect((await listDescriptions(jobCtxFor(db, campsite.id), 'T1')).map((row) => [row.languageId, row.html])).toEqual([
      [1, '<p>Uno, riscritto</p>'],
      [2, '<p>One</p>'],
    ]);
    expect(await getDescription(jobCtxFor(db, other.id), 'T1', 1)).toBeNull();
    expect((await failure(deleteDescription(jobCtxFor(db, other.id), 'T1', 1))).kind).toBe('not_found');
    expect((await failure(saveDescription(jobCtxFor(db, campsite.id), { typologyId: 'T1', languageId: 77, html: 'x' }))).message).toBe('Lingua sconosciuta.');
    await deleteDescription(jobCtxFor(db, campsite.id), 'T1', 2);
    expect(await getDescription(jobCtxFor(db, campsite.id), 'T1', 2)).toBeNull();
  });

  it('shows on the mini-site in the guest’s language, sanitised', async () => {
    const account = await makeQuotesAccount(db);
    const guest = await makeGuest(db, account.tenant, { languageId: 3 });
    const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] }), account.platform);
    const typologyId = MOBILE_HOME_CARD.typologyId;
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 1, html: '<p>Casa mobile</p>' });
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 3, html: '<p>Mobilheim</p><img src=x onerror="alert(1)">' });
    const view = await buildGuestQuoteView(guestCtxFor(db, account.campsite.id), { quoteId: quote.id, contactId: guest.id });
    const description = view?.cards[0]?.description ?? '';
    expect(description).toContain('Mobilheim');
    expect(description).not.toContain('onerror');
  });

  it('reads the English description for a foreign guest without one in their language, never the Italian one (issue 27)', async () => {
    const account = await makeQuotesAccount(db);
    const typologyId = MOBILE_HOME_CARD.typologyId;
    const viewFor = async (languageId: number) => {
      const guest = await makeGuest(db, account.tenant, { languageId });
      const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Zomer', saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] }), account.platform);
      return (await buildGuestQuoteView(guestCtxFor(db, account.campsite.id), { quoteId: quote.id, contactId: guest.id }))?.cards[0]?.description ?? null;
    };
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 1, html: '<p>Casa mobile</p>' });
    expect(await viewFor(5)).toBeNull();
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 2, html: '<p>Mobile home</p>' });
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 3, html: '<p>Mobilheim</p>' });
    expect(await viewFor(5)).toContain('Mobile home');
    expect(await viewFor(3)).toContain('Mobilheim');
    expect(await viewFor(1)).toContain('Casa mobile');
    await saveDescription(jobCtxFor(db, account.campsite.id), { typologyId, languageId: 5, html: '<p>Stacaravan</p>' });
    expect(await viewFor(5)).toContain('Stacaravan');
  });

  it('shows the pictures of the card’s accommodation type, newest first, only the campsite’s own', async () => {
    const account = await makeQuotesAccount(db);
    const other = await makeQuotesAccount(db);
    const guest = await makeGuest(db, account.tenant, { languageId: 3 });
    const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] }), account.platform);
    const typologyId = MOBILE_HOME_CARD.typologyId;
    const upload = async (campsiteId: string, fileName: string, alt = '') => uploadImage(jobCtxFor(db, campsiteId), { bytes: new Uint8Array(await jpegWithExif()), fileName, typologyId, alt });
    const first = await upload(account.campsite.id, 'fuori.jpg', 'La veranda');
    const second = await upload(account.campsite.id, 'dentro.jpg');
    await upload(other.campsite.id, 'altrui.jpg');
    await uploadImage(jobCtxFor(db, account.campsite.id), { bytes: new Uint8Array(await jpegWithExif()), fileName: 'piazzola.jpg', typologyId: 'LA-PZ-STD' });
    const view = await buildGuestQuoteView(guestCtxFor(db, account.campsite.id), { quoteId: quote.id, contactId: guest.id });
    // A picture without its own text is named after the accommodation, in the German guest's words.
    expect(view?.cards[0]?.images).toEqual([
      { id: second.id, alt: 'Mobilheim Classic' },
      { id: first.id, alt: 'La veranda' },
    ]);
  });
});

describe('typology categories', () => {
  it('replaces the list, dropping case-insensitive duplicates', async () => {
    const campsite = await makeCampsite(db);
    await saveTypologyCategories(jobCtxFor(db, campsite.id), { typologyId: 'T1', categories: ['Esterno', 'Bagno', 'ESTERNO'] });
    expect((await getTypologyCategories(jobCtxFor(db, campsite.id), 'T1'))?.categories).toEqual(['Esterno', 'Bagno']);
    await saveTypologyCategories(jobCtxFor(db, campsite.id), { typologyId: 'T1', categories: ['Cucina'] });
    expect((await getTypologyCategories(jobCtxFor(db, campsite.id), 'T1'))?.categories).toEqual(['Cucina']);
  });
});
