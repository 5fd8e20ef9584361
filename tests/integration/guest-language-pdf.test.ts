import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { DEMO_CATALOGUES } from '@/lib/booking-platform/demo-catalogue';
import { updateOpeningHours } from '@/lib/campsites/settings';
import { LANGUAGE_ID_OF, type GuestLocale } from '@/lib/i18n/locales';
import { renderQuotePdf } from '@/lib/public-quotes/pdf/render';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { normalSpaces, pdfPlainText } from '../helpers/pdf-text';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

/**
 * Issue 27, the PDF a foreign guest downloads: the accommodation in their language and the
 * campsite's hours note in theirs, else in English, never the Italian one (decision 015). The
 * mini-site's data is covered in settings-effects and typology-descriptions; this reads the PDF.
 */
let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const ITALIAN_NOTE = 'Reception chiusa dalle 13 alle 15';
const NOTES = { en: 'Reception closed from 1 to 3 pm', nl: 'Receptie gesloten van 13 tot 15 uur' };
const HOURS = { baseTime: '08:30', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '07:30', to: '10:00' }], notes: ITALIAN_NOTE };
const ITALIAN_TYPOLOGIES = DEMO_CATALOGUES['lago-azzurro'].typologies.map((typology) => typology.name).filter((name) => !name.startsWith('Bungalow'));
const TYPOLOGIES: Record<GuestLocale, string[]> = {
  it: ['Piazzola standard', 'Casa mobile Classic'],
  de: ['Stellplatz Standard', 'Mobilheim Classic'],
  en: ['Standard pitch', 'Mobile home Classic'],
  nl: ['Standaard kampeerplaats', 'Stacaravan Classic'],
  fr: ['Emplacement standard', 'Mobil-home Classic'],
};

/** The text of the PDF of a sent quote (pitch and mobile home) for a new guest of `locale` at `account`'s campsite. */
async function pdfTextFor(account: Awaited<ReturnType<typeof makeQuotesAccount>>, locale: GuestLocale): Promise<string> {
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Jansen', languageId: LANGUAGE_ID_OF[locale] });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Zomer', saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD] }), account.platform);
  await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'system' });
  const pdf = await renderQuotePdf(guestCtxFor(db, account.campsite.id), { quoteId: quote.id, contactId: guest.id });
  return normalSpaces((await pdfPlainText(pdf!.bytes)).text);
}

describe('the quote PDF of a foreign guest (issue 27)', () => {
  it('names the accommodation and writes the hours note in the guest’s language, else English; never the Italian ones', async () => {
    const account = await makeQuotesAccount(db);
    await updateOpeningHours(ctxFor(db, account.tenant), account.campsite.id, { ...HOURS, notesByLanguage: NOTES });
    const expected: Record<GuestLocale, string> = { it: ITALIAN_NOTE, de: NOTES.en, en: NOTES.en, nl: NOTES.nl, fr: NOTES.en };
    for (const locale of ['it', 'de', 'en', 'nl', 'fr'] as const) {
      const text = await pdfTextFor(account, locale);
      expect(text, locale).toContain(expected[locale]);
      for (const name of TYPOLOGIES[locale]) expect(text, locale).toContain(name);
      if (locale === 'it') continue;
      expect(text, locale).not.toContain(ITALIAN_NOTE);
      expect(ITALIAN_TYPOLOGIES.filter((name) => text.includes(name)), locale).toEqual([]);
    }
  });

  it('without a note in the guest’s language or in English, shows none rather than the Italian one', async () => {
    const account = await makeQuotesAccount(db);
    await updateOpeningHours(ctxFor(db, account.tenant), account.campsite.id, { ...HOURS, notesByLanguage: { nl: NOTES.nl } });
    const german = await pdfTextFor(account, 'de');
    expect(german).toContain('Rezeption ab 08:30 Uhr');
    expect(german).not.toContain(ITALIAN_NOTE);
    expect(german).not.toContain(NOTES.nl);
    expect(await pdfTextFor(account, 'nl')).toContain(NOTES.nl);
  });
});
