import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailAttachments, mailOutbox, notifications, quoteRequests, quotes } from '@/db/schema';
import { sendQuoteMail } from '@/lib/workflows/quote-mail';
import { requestNewQuoteByGuest } from '@/lib/public-quotes/renew';
import { validityOf } from '@/lib/public-quotes/validity';
import type { GuestQuoteIds } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { pdfPlainText } from '../helpers/pdf-text';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

/** A German guest's sent quote valid until `validUntil` (a Rome day; a past one is written after, as time would). */
async function sentQuote(validUntil: string) {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3 });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD] }), account.platform);
  await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'system' });
  await db.update(quotes).set({ validUntil: new Date(`${validUntil}T21:59:59Z`) }).where(eq(quotes.id, quote.id));
  const ids: GuestQuoteIds = { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id };
  return { ...account, guest, quote, ids };
}

const requestsOf = (campsiteId: string) => db.select().from(quoteRequests).where(eq(quoteRequests.campingId, campsiteId));
const bellOf = (campsiteId: string) => db.select().from(notifications).where(and(eq(notifications.campingId, campsiteId), eq(notifications.group, 'richiesta')));

describe('how long an offer still holds', () => {
  it('counts Rome calendar days: today, tomorrow, n days, expired', () => {
    // Valid until the end of 10 June 2027 in Rome (21:59:59 UTC in summer).
    const until = new Date('2027-06-10T21:59:59Z');
    expect(validityOf(until, new Date('2027-06-10T20:30:00Z'))).toEqual({ kind: 'today' });
    expect(validityOf(until, new Date('2027-06-09T22:30:00Z'))).toEqual({ kind: 'today' });
    expect(validityOf(until, new Date('2027-06-09T21:30:00Z'))).toEqual({ kind: 'tomorrow' });
    expect(validityOf(until, new Date('2027-06-05T08:00:00Z'))).toEqual({ kind: 'days', count: 5 });
    expect(validityOf(until, new Date('2027-06-10T22:00:00Z'))).toEqual({ kind: 'expired' });
  });
});

describe('asking for a new quote once the old one expired', () => {
  it('files one request with the first offer’s stay and party, rings the bell once, and files nothing new on a second click', async () => {
    const { ids, campsite, guest } = await sentQuote('2026-01-10');
    expect(await requestNewQuoteByGuest(guestCtxFor(db, ids.campsiteId), ids)).toMatchObject({ filed: true });
    const [request] = await requestsOf(campsite.id);
    expect(request).toMatchObject({ contactId: guest.id, arrival: PITCH_CARD.arrival, departure: PITCH_CARD.departure });
    expect(request.message).toContain('«Sommer» è scaduto');
    expect(request.payload).toMatchObject({ arrivo: PITCH_CARD.arrival, partenza: PITCH_CARD.departure, preventivoScaduto: ids.quoteId });
    expect(String(request.payload.ospiti)).toContain('2 × Adulto');
    const [filed] = await db.select().from(quotes).where(eq(quotes.id, request.quoteId));
    expect(filed).toMatchObject({ progress: 'richiesta', contactId: guest.id, languageId: 3 });
    expect(await bellOf(campsite.id)).toHaveLength(1);

    expect(await requestNewQuoteByGuest(guestCtxFor(db, ids.campsiteId), ids)).toEqual({ filed: false, quoteId: request.quoteId });
    // Two at once take turns: still one.
    await Promise.all([requestNewQuoteByGuest(guestCtxFor(db, ids.campsiteId), ids), requestNewQuoteByGuest(guestCtxFor(db, ids.campsiteId), ids)]);
    expect(await requestsOf(campsite.id)).toHaveLength(1);
    expect(await bellOf(campsite.id)).toHaveLength(1);
    // A day later the guest may ask again.
    expect(await requestNewQuoteByGuest(guestCtxFor(db, ids.campsiteId), ids, new Date(Date.now() + 25 * 3_600_000))).toMatchObject({ filed: true });
    expect(await requestsOf(campsite.id)).toHaveLength(2);
  });

  it('refuses a quote still valid, and is scoped: another campsite’s or guest’s ids are not found', async () => {
    const open = await sentQuote('2099-01-10');
    expect(await failure(requestNewQuoteByGuest(guestCtxFor(db, open.ids.campsiteId), open.ids))).toMatchObject({ kind: 'conflict', details: { code: 'not_expired' } });
    const mine = await sentQuote('2026-01-10');
    const theirs = await sentQuote('2026-01-10');
    for (const wrong of [
      { ...theirs.ids, campsiteId: mine.ids.campsiteId },
      { ...mine.ids, contactId: theirs.ids.contactId },
    ]) {
      expect(await failure(requestNewQuoteByGuest(guestCtxFor(db, wrong.campsiteId), wrong))).toMatchObject({ kind: 'not_found' });
    }
    expect(await requestsOf(mine.campsite.id)).toHaveLength(0);
    expect(await requestsOf(theirs.campsite.id)).toHaveLength(0);
    expect(await requestsOf(open.campsite.id)).toHaveLength(0);
  });
});

describe('sending the quote with its PDF', () => {
  it('stores the German PDF as the quote’s file and the queued mail carries it; a repeated send adds none', async () => {
    const { tenant, quote, campsite } = await sentQuote('2099-01-10');
    const template = await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Angebot', languageId: 3, html: '<p>Guten Tag {{nome}}</p>' }));
    const input = { quoteId: quote.id, templateId: template.id, attachmentIds: [], attachPdf: true, idempotencyKey: 'pdf-once' };
    await sendQuoteMail(ctxFor(db, tenant), input, 'https://crm.example');
    await sendQuoteMail(ctxFor(db, tenant), input, 'https://crm.example');
    const [mail, ...others] = await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsite.id));
    expect(others).toHaveLength(0);
    const files = await db.select().from(mailAttachments).where(eq(mailAttachments.campingId, campsite.id));
    expect(files).toHaveLength(1);
    expect(mail.attachmentIds).toEqual([files[0].id]);
    expect(files[0]).toMatchObject({ quoteId: quote.id, mimeType: 'application/pdf' });
    expect(files[0].fileName).toMatch(/^Angebot-Campeggio-di-prova-[0-9a-f]+-Sommer.pdf$/);
    const { text } = await pdfPlainText(files[0].data);
    expect(text).toContain('Gesamtpreis');
  });
});
