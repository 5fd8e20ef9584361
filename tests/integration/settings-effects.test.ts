import { eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, mailOutbox } from '@/db/schema';
import { campsiteGuestMessages } from '@/lib/campsites/guest-texts';
import { DEFAULT_OPENING_HOURS } from '@/lib/campsites/settings-defaults';
import { updateLocalization, updateOpeningHours } from '@/lib/campsites/settings';
import { saveQuoteSender } from '@/lib/configurations/service';
import { env } from '@/lib/env';
import { literalMessage } from '@/lib/i18n/guest-overrides';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { fromAddressOf } from '@/lib/mail/sender-name';
import { draftQuoteMail, sendQuoteMail } from '@/lib/workflows/quote-mail';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import deForm from '@/messages/de/guest-form.json';
import itForm from '@/messages/it/guest-form.json';
import itQuote from '@/messages/it/guest-quote.json';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

const ORIGIN = 'https://crm.example.it';
let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

/** A campsite with its admin (or `shared`'s), a guest in the given language (1 Italian, 3 German, 4 French, 5 Dutch) and a quote for them. */
async function quoteFor(languageId: 1 | 3 | 4 | 5, values: Parameters<typeof makeQuotesAccount>[1] = {}, shared?: Awaited<ReturnType<typeof makeQuotesAccount>>) {
  const account = shared ?? (await makeQuotesAccount(db, values));
  const guest = await makeGuest(db, account.tenant, { firstName: 'Giulia', lastName: 'Bianchi', languageId });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Estate', saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform);
  const template = await createTemplate(ctxFor(db, { campsiteId: account.campsite.id }), templateFieldsSchema.parse({ name: 'Offerta', languageId, html: '<p>Gentile {{nome}}, ecco la proposta.</p>' }));
  return { ...account, guest, quote, template, ids: { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id } };
}

const formTexts = async (campsiteId: string, locale: 'it' | 'de') => {
  const messages = await campsiteGuestMessages(jobCtxFor(db, campsiteId), locale);
  return { messages, t: createTranslator({ locale, messages, namespace: 'guestForm' }) };
};

describe('texts saved in Localizzazione', () => {
  it('replace the defaults on that campsite’s guest pages only, in that language only; unknown keys are ignored', async () => {
    const mine = await quoteFor(1);
    const other = await quoteFor(1);
    await updateLocalization(ctxFor(db, mine.tenant), mine.campsite.id, {
      it: {
        'guestForm.heading': 'Chiedici la tua vacanza',
        'guestForm.metaTitle': 'Prenota <b>subito</b> al {campsite}, l’{offerta} {nome}',
        'guestForm.fields': 'un gruppo di testi, non un testo',
        'guestForm.nonEsiste': 'ignorato',
        'guestUnsubscribe.title': 'di un’altra pagina',
        intro: 'senza pagina',
        'guestQuote.contact': 'Scrivici quando vuoi',
      },
    });

    const { t, messages } = await formTexts(mine.campsite.id, 'it');
    expect(t('heading')).toBe('Chiedici la tua vacanza');
    expect(t('intro')).toBe(itForm.intro);
    // Plain text: no tag, no new argument; the default's own {campsite} still works.
    expect(t('metaTitle', { campsite: 'Lago Azzurro' })).toBe('Prenota <b>subito</b> al Lago Azzurro, l’{offerta} {nome}');
    expect(messages.guestForm.fields).toEqual(itForm.fields);
    expect(messages.guestForm).not.toHaveProperty('nonEsiste');
    expect(messages.guestUnsubscribe).toEqual((await campsiteGuestMessages(jobCtxFor(db, other.campsite.id), 'it')).guestUnsubscribe);

    expect((await formTexts(other.campsite.id, 'it')).t('heading')).toBe(itForm.heading);
    expect((await formTexts(mine.campsite.id, 'de')).t('heading')).toBe(deForm.heading);

    // The mini-site's view carries its page's texts (cached with it), and its translator uses them.
    const view = await buildGuestQuoteView(guestCtxFor(db, mine.ids.campsiteId), mine.ids);
    expect(view?.texts).toEqual({ 'guestQuote.contact': 'Scrivici quando vuoi' });
    const quoteTexts = await guestTranslator(view!.locale, 'guestQuote', view!.texts);
    expect(quoteTexts.t('contact')).toBe('Scrivici quando vuoi');
    expect(quoteTexts.t('phone')).toBe(itQuote.phone);
    const otherView = await buildGuestQuoteView(guestCtxFor(db, other.ids.campsiteId), other.ids);
    expect((await guestTranslator(otherView!.locale, 'guestQuote', otherView!.texts)).t('contact')).toBe(itQuote.contact);
  });

  it('print exactly what the campsite wrote, whatever ICU or HTML syntax it holds', () => {
    const samples = ["l'offerta", "'{x}'", "a''b", '{', '}}', "'<b>'", '<script>alert(1)</script>', "{count, plural, one {#} other {##}}", "'", "it's {campsite}'s"];
    for (const sample of samples) {
      const t = createTranslator({ locale: 'it', messages: { text: literalMessage(sample, new Set()) } });
      expect(t('text')).toBe(sample);
    }
    const t = createTranslator({ locale: 'it', messages: { text: literalMessage("Benvenuti al {campsite}'{'", new Set(['campsite'])) } });
    expect(t('text', { campsite: 'Lago' })).toBe("Benvenuti al Lago'{'");
  });
});

describe('opening hours saved in Orari', () => {
  it('reach the mini-site’s view; a campsite that never saved them shows the defaults', async () => {
    const mine = await quoteFor(3);
    const other = await quoteFor(3);
    const hours = { baseTime: '08:30', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '07:30', to: '10:00' }, { from: '11:00', to: '12:00' }], notes: 'Reception chiusa 13–15' };
    await updateOpeningHours(ctxFor(db, mine.tenant), mine.campsite.id, hours);
    // The guest is German: the hours reach the view, the Italian note does not (issue 27).
    expect((await buildGuestQuoteView(guestCtxFor(db, mine.ids.campsiteId), mine.ids))?.campsite.openingHours).toEqual({ ...hours, notes: '' });
    expect((await buildGuestQuoteView(guestCtxFor(db, other.ids.campsiteId), other.ids))?.campsite.openingHours).toEqual(DEFAULT_OPENING_HOURS);
    const { t } = await guestTranslator('de', 'guestQuote');
    expect(t('hours.reception', { time: '08:30' })).toBe('Rezeption ab 08:30 Uhr');
  });
});

describe('the hours note for foreign guests (issue 27)', () => {
  const hours = { baseTime: '08:30', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '07:30', to: '10:00' }], notes: 'Reception chiusa 13–15' };
  const noteFor = async (quote: Awaited<ReturnType<typeof quoteFor>>) => (await buildGuestQuoteView(guestCtxFor(db, quote.ids.campsiteId), quote.ids))?.campsite.openingHours.notes;

  it('is read in the guest’s language, else in English, never in Italian; the Italian guest reads the Italian one', async () => {
    const german = await quoteFor(3);
    const italian = await quoteFor(1, {}, german);
    const dutch = await quoteFor(5, {}, german);
    const french = await quoteFor(4, {}, german);
    await updateOpeningHours(ctxFor(db, german.tenant), german.campsite.id, hours);
    expect([await noteFor(italian), await noteFor(german), await noteFor(dutch), await noteFor(french)]).toEqual(['Reception chiusa 13–15', '', '', '']);

    await updateOpeningHours(ctxFor(db, german.tenant), german.campsite.id, { ...hours, notesByLanguage: { en: 'Reception closed 1–3 pm', nl: 'Receptie gesloten 13–15 uur', de: '  ', fr: '' } });
    expect([await noteFor(italian), await noteFor(german), await noteFor(dutch), await noteFor(french)]).toEqual([
      'Reception chiusa 13–15',
      'Reception closed 1–3 pm',
      'Receptie gesloten 13–15 uur',
      'Reception closed 1–3 pm',
    ]);
    // Blank translations are not stored; the settings read back what has a text.
    const [row] = await db.select({ openingHours: campsites.openingHours }).from(campsites).where(eq(campsites.id, german.campsite.id));
    expect(row.openingHours?.notesByLanguage).toEqual({ en: 'Reception closed 1–3 pm', nl: 'Receptie gesloten 13–15 uur' });

    // A save without translations (the legacy /setCamping/orari) keeps them; the staff's form empties one by sending ''.
    await updateOpeningHours(ctxFor(db, german.tenant), german.campsite.id, { ...hours, notes: 'Reception chiusa 12–15' });
    expect([await noteFor(italian), await noteFor(dutch)]).toEqual(['Reception chiusa 12–15', 'Receptie gesloten 13–15 uur']);
    await updateOpeningHours(ctxFor(db, german.tenant), german.campsite.id, { ...hours, notesByLanguage: { en: 'Reception closed 1–3 pm', nl: '' } });
    expect(await noteFor(dutch)).toBe('Reception closed 1–3 pm');
  });
});

describe('the quote-sending mail settings (emailInvioPreventivi)', () => {
  const outboxOf = (campsiteId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsiteId));
  const address = () => fromAddressOf(env().MAIL_FROM);

  it('give a sent quote its display name, Reply-To and, for an Italian guest, its subject', async () => {
    const italian = await quoteFor(1, { contacts: { phone: '', whatsapp: '', email: 'info@lago.example', address: '', policyLink: '' } });
    await saveQuoteSender(ctxFor(db, italian.tenant), { mittente: 'Camping Lago Azzurro', replyTo: 'prenotazioni@lago.example', oggetto: 'La sua offerta, {{nome}}' });
    const draft = await draftQuoteMail(jobCtxFor(db, italian.campsite.id), { quoteId: italian.quote.id, templateId: italian.template.id }, ORIGIN);
    expect(draft.subject).toBe('La sua offerta, Giulia');
    await sendQuoteMail(ctxFor(db, italian.tenant), { quoteId: italian.quote.id, templateId: italian.template.id, attachmentIds: [] }, ORIGIN);
    const [mail] = await outboxOf(italian.campsite.id);
    expect(mail.fromAddress).toBe(`Camping Lago Azzurro <${address()}>`);
    expect(mail.replyTo).toBe('prenotazioni@lago.example');
    expect(mail.subject).toMatch(/^La sua offerta, Giulia - RIF\.: [0-9A-F]{10} \[CRM\]$/);
  });

  it('keep the guest’s language for a German subject, and never let a name add a header', async () => {
    const german = await quoteFor(3);
    await saveQuoteSender(ctxFor(db, german.tenant), { mittente: 'Lago "Azzurro", Garda\r\nBcc: spia@example.com', replyTo: '', oggetto: 'Il suo preventivo' });
    await sendQuoteMail(ctxFor(db, german.tenant), { quoteId: german.quote.id, templateId: german.template.id, attachmentIds: [] }, ORIGIN);
    const [mail] = await outboxOf(german.campsite.id);
    expect(mail.fromAddress).toBe(`"Lago Azzurro , Garda Bcc: spia@example.com" <${address()}>`);
    expect(mail.fromAddress).not.toMatch(/[\r\n]/);
    expect(mail.subject).toMatch(/^Ihr Angebot - /);
  });

  it('leave MAIL_FROM and the campsite’s own address when nothing is configured', async () => {
    const plain = await quoteFor(1, { contacts: { phone: '', whatsapp: '', email: 'info@pineta.example', address: '', policyLink: '' } });
    await sendQuoteMail(ctxFor(db, plain.tenant), { quoteId: plain.quote.id, templateId: plain.template.id, attachmentIds: [] }, ORIGIN);
    const [mail] = await outboxOf(plain.campsite.id);
    expect(mail.fromAddress).toBe(env().MAIL_FROM);
    expect(mail.replyTo).toBe('info@pineta.example');
    expect(mail.subject).toMatch(/^Il tuo preventivo - /);
  });
});
