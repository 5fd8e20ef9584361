import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { images } from '@/db/schema';
import { formatGuestMoney } from '@/lib/i18n/guest-format';
import { LANGUAGE_ID_OF, type GuestLocale } from '@/lib/i18n/locales';
import { renderQuotePdf } from '@/lib/public-quotes/pdf/render';
import { acceptByGuest } from '@/lib/public-quotes/service';
import { buildGuestQuoteView, type GuestQuoteIds } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { useTestDatabase } from '../helpers/db';
import { normalSpaces, pdfAccessibility, pdfPageTexts, pdfPlainText } from '../helpers/pdf-text';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const CONTACTS = { phone: '+39 0365 123456', whatsapp: '', email: 'info@lagoazzurro.example', address: 'Via del Lago 1, 25010 Limone (BS)', policyLink: 'https://lagoazzurro.example/privacy' };

/** A landscape (sky, hills, lake) as a stored picture of the mobile home's accommodation type. */
async function picture(campsiteId: string, typologyId: string, hue: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#9fd3f5"/><path d="M0 620 Q400 380 800 600 T1600 560 V1000 H0Z" fill="${hue}"/><rect y="780" width="1600" height="220" fill="#2f6fa3"/></svg>`;
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  const [row] = await db
    .insert(images)
    .values({ campingId: campsiteId, fileName: 'lago.png', mimeType: 'image/png', width: 1600, height: 1000, byteSize: data.length, data, typologyId, alt: '' })
    .returning({ id: images.id });
  return row.id;
}

/** A guest in `locale` with the pitch and the mobile home (an offer's text with a list), sent. */
async function sentQuote(locale: GuestLocale, withPictures = false) {
  const account = await makeQuotesAccount(db, { name: 'Camping Lago Azzurro', contacts: CONTACTS });
  if (withPictures) {
    for (const hue of ['#3d8b4f', '#5a9e3a']) await picture(account.campsite.id, 'LA-MH-CLASSIC', hue);
    await picture(account.campsite.id, 'LA-PZ-STD', '#6b8e23');
  }
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: LANGUAGE_ID_OF[locale] });
  const text = '<p>Wir freuen uns auf Sie!</p><ul><li>Bettwäsche inklusive</li><li>Endreinigung &amp; Kurtaxe</li></ul>';
  const quote = await createQuote(
    ctxFor(db, account.tenant),
    quoteInput({ contactId: guest.id, name: 'Sommer am See', saveAs: 'nuovo', cards: [PITCH_CARD, { ...MOBILE_HOME_CARD, text, offerId: 'PRENOTA-PRIMA-2027' }] }),
    account.platform,
  );
  await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'system' });
  const ids: GuestQuoteIds = { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id };
  return { ...account, ids };
}

const WORDS: Record<GuestLocale, { total: string; offer: string; validUntil: string }> = {
  it: { total: 'Totale', offer: 'Proposta 1', validUntil: 'Valido fino al' },
  de: { total: 'Gesamtpreis', offer: 'Angebot 1', validUntil: 'Gültig bis' },
  en: { total: 'Total', offer: 'Option 1', validUntil: 'Valid until' },
  nl: { total: 'Totaal', offer: 'Voorstel 1', validUntil: 'Geldig tot' },
  fr: { total: 'Total', offer: 'Proposition 1', validUntil: 'Valable jusqu’au' },
};

describe('the quote as a PDF', () => {
  it('a German guest’s PDF: the page’s totals and lines, German words, the contacts, the pictures, a clean file name', async () => {
    const { ids } = await sentQuote('de', true);
    const pdf = await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids, { origin: 'https://crm.example' });
    const view = await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids);
    expect(pdf && view).toBeTruthy();
    expect(pdf!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf!.fileName).toBe('Angebot-Camping-Lago-Azzurro-Sommer-am-See.pdf');
    // Small enough for a mail, pictures included.
    expect(pdf!.bytes.length).toBeLessThan(600_000);
    const { text } = await pdfPlainText(pdf!.bytes);
    if (process.env.QUOTE_PDF_SAMPLE) writeFileSync(process.env.QUOTE_PDF_SAMPLE, pdf!.bytes);
    expect(view!.cards[1].discountCents).toBeGreaterThan(0);
    for (const card of view!.cards) {
      expect(text).toContain(normalSpaces(formatGuestMoney(card.totalCents, 'de')));
      for (const line of card.priceLines) expect(text).toContain(normalSpaces(formatGuestMoney(line.totalCents, 'de')));
      if (card.discountCents > 0) expect(text).toContain(normalSpaces(formatGuestMoney(card.discountCents, 'de')));
      expect(text).toContain(card.typologyName);
    }
    for (const word of ['Gesamtpreis', 'Angebot 1', 'Angebot 2', 'Gültig bis', 'Anna Müller', 'Sommer am See', 'Bettwäsche inklusive', 'Endreinigung & Kurtaxe', 'Zwischensumme', 'Datenschutz', '+39 0365 123456', 'info@lagoazzurro.example', 'Via del Lago 1']) {
      expect(text).toContain(word);
    }
    expect(text).toMatch(/Seite 1 von \d/);
    // The Italian words of the page are nowhere.
    for (const italian of ['Totale', 'Proposta', 'Valido fino', 'notti']) expect(text).not.toContain(italian);
    expect(text).not.toMatch(/<\/?(p|li|ul)>/);
  });

  it('marks the accepted offer, as the page does', async () => {
    const { ids } = await sentQuote('de', true);
    expect((await pdfPlainText((await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids))!.bytes)).text).not.toContain('Angenommen');
    await acceptByGuest(guestCtxFor(db, ids.campsiteId), ids, 1, 'https://crm.example');
    const pdf = await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids);
    if (process.env.QUOTE_PDF_ACCEPTED_SAMPLE) writeFileSync(process.env.QUOTE_PDF_ACCEPTED_SAMPLE, pdf!.bytes);
    const { text } = await pdfPlainText(pdf!.bytes);
    expect(text).toContain('Sie haben Angebot 2 angenommen.');
    expect(text).toContain('Angenommen');
  });

  it('speaks each guest language, with that language’s formatter', async () => {
    for (const locale of ['it', 'en', 'nl', 'fr'] as const) {
      const { ids } = await sentQuote(locale);
      const pdf = await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids);
      const view = await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids);
      const { text } = await pdfPlainText(pdf!.bytes);
      const words = WORDS[locale];
      expect(text, locale).toContain(words.offer);
      expect(text, locale).toContain(words.validUntil);
      expect(text, locale).toContain(words.total);
      // French groups thousands with a narrow no-break space, which Helvetica prints as a no-break space.
      for (const card of view!.cards) expect(text, locale).toContain(normalSpaces(formatGuestMoney(card.totalCents, locale).replace(/\u202f/g, ' ')));
      if (locale !== 'it') expect(text, locale).not.toContain('Proposta 1');
    }
  });

  it('is tagged for screen readers, in the guest’s language: /MarkInfo, /StructTreeRoot with headings and the pictures’ words, /Lang', async () => {
    for (const locale of ['de', 'it', 'en', 'nl', 'fr'] as const) {
      const { ids } = await sentQuote(locale, locale === 'de');
      const pdf = await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids);
      const raw = pdf!.bytes.toString('latin1');
      expect(raw, locale).toContain('/StructTreeRoot');
      expect(raw, locale).toMatch(/\/MarkInfo \d+ 0 R|\/MarkInfo <<\s*\/Marked true/);
      const { marked, lang, roles, figureAlts } = await pdfAccessibility(pdf!.bytes);
      expect(marked, locale).toBe(true);
      expect(lang, locale).toBe(locale);
      const all = roles.flat();
      // The campsite, then each offer under its own heading; prices and words as paragraphs.
      expect(all.filter((role) => role === 'H1'), locale).toHaveLength(1);
      expect(all.filter((role) => role === 'H2').length, locale).toBeGreaterThanOrEqual(3);
      expect(all, locale).toContain('Sect');
      // The e-mail and privacy links: Link elements holding their annotation (OBJR).
      expect(all.filter((role) => role === 'Link'), locale).toHaveLength(2);
      expect(raw, locale).toContain('/OBJR');
      expect(all.filter((role) => role === 'P').length, locale).toBeGreaterThan(20);
      // Every page is read, not only the first.
      for (const page of roles) expect(page.length, locale).toBeGreaterThan(0);
      if (locale === 'de') expect(figureAlts).toEqual(['Stellplatz Standard', 'Mobilheim Classic', 'Mobilheim Classic']);
    }
  });

  it('a card with a picture starts where the page has room for its head and first rows, instead of leaving half a page empty', async () => {
    const account = await makeQuotesAccount(db, { name: 'Camping Lago Azzurro', contacts: CONTACTS });
    await picture(account.campsite.id, 'LA-MH-CLASSIC', '#3d8b4f');
    const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: LANGUAGE_ID_OF.de });
    // A long welcome: the mobile home's card is taller than what is left of the first page.
    const text = Array.from({ length: 14 }, (_, index) => `<p>Absatz ${index + 1}: Wir freuen uns auf Sie am See.</p>`).join('');
    const quote = await createQuote(
      ctxFor(db, account.tenant),
      quoteInput({ contactId: guest.id, name: 'Sommer am See', saveAs: 'nuovo', cards: [PITCH_CARD, { ...MOBILE_HOME_CARD, text }] }),
      account.platform,
    );
    const ids: GuestQuoteIds = { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id };
    const pdf = await renderQuotePdf(guestCtxFor(db, ids.campsiteId), ids);
    if (process.env.QUOTE_PDF_PICTURE_SAMPLE) writeFileSync(process.env.QUOTE_PDF_PICTURE_SAMPLE, pdf!.bytes);
    const pages = await pdfPageTexts(pdf!.bytes);
    const pageOf = (words: string) => pages.findIndex((page) => page.includes(words));
    // The pitch's total, the mobile home's head with its picture and its first price lines: one page.
    expect(pageOf('Angebot 1')).toBe(0);
    expect(pageOf('Angebot 2')).toBe(0);
    expect(pageOf('Mobilheim Classic – Hauptsaison')).toBe(0);
    // The welcome flows on to the second page, and the document ends there.
    expect(pageOf('Absatz 14')).toBe(1);
    expect(pages).toHaveLength(2);
    expect((await pdfAccessibility(pdf!.bytes)).figureAlts).toEqual(['Mobilheim Classic']);
  });

  it('is not found when the ids do not belong together (another campsite’s quote, another guest)', async () => {
    const mine = await sentQuote('de');
    const theirs = await sentQuote('de');
    expect(await renderQuotePdf(guestCtxFor(db, mine.ids.campsiteId), theirs.ids)).toBeNull();
    expect(await renderQuotePdf(guestCtxFor(db, mine.ids.campsiteId), { ...mine.ids, contactId: theirs.ids.contactId })).toBeNull();
    expect(await renderQuotePdf(guestCtxFor(db, mine.ids.campsiteId), { ...mine.ids, quoteId: theirs.ids.quoteId })).toBeNull();
  });
});
