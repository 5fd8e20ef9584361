import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, mailOutbox, mailTraces, quotes } from '@/db/schema';
import { setReminderDays } from '@/lib/campsites/service';
import { sendQuoteMail } from '@/lib/workflows/quote-mail';
import { sendDueReminders } from '@/lib/workflows/quote-reminders';
import { acceptByGuest } from '@/lib/public-quotes/service';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { submitRequest } from '@/lib/requests/service';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { guestClient, makeFormCampsite, validValues } from '../helpers/public-form';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

const ORIGIN = 'https://crm.example.it';
let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const outboxOf = (campsiteId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsiteId));

async function germanQuote(progress: 'nuovo' | 'bozza' = 'nuovo') {
  const account = await makeQuotesAccount(db, { contacts: { phone: '+39 045 1', whatsapp: '', email: 'info@lago.example', address: 'Via del Lago 1', policyLink: '' } });
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3 });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: progress, cards: [PITCH_CARD, MOBILE_HOME_CARD] }), account.platform);
  const template = await createTemplate(
    ctxFor(db, account.tenant),
    templateFieldsSchema.parse({ name: 'Angebot', languageId: 3, html: '<p>Guten Tag {{nome}}, Ihr Angebot: <a href="{{linkPreventivo}}">öffnen</a>. Anreise {{arrivo}}.</p>' }),
  );
  return { ...account, guest, quote, template };
}

describe('the contact form', () => {
  it('queues the confirmation in the guest’s language with the request, traced on the contact', async () => {
    const target = await makeFormCampsite(db);
    const values = validValues();
    const outcome = await submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values, language: { languageId: 3, locale: 'de' } }, guestClient());
    expect(outcome.ok).toBe(true);
    const [mail] = await outboxOf(target.campsite.id);
    expect(mail.kind).toBe('contact-confirmation');
    expect(mail.recipients).toEqual([values.email]);
    expect(mail.subject).toMatch(/^Wir haben Ihre Anfrage erhalten - .+ - RIF\.: [0-9A-F]{6} \[CRM\]$/);
    expect(mail.html).toContain('Guten Tag Hans,');
    expect(mail.html).toContain('Wir reisen mit einem kleinen Hund.');
    expect(mail.replyTo).toBe('info@prova.example');
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, mail.mailTraceId!));
    expect(trace.contactId).not.toBeNull();
  });

  it('a refused submission queues nothing', async () => {
    const target = await makeFormCampsite(db);
    await submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values: validValues({ email: 'non-valida' }), language: { languageId: 1, locale: 'it' } }, guestClient());
    expect(await outboxOf(target.campsite.id)).toHaveLength(0);
  });
});

describe('sending a quote', () => {
  it('fills the template for the guest, links the mini-site, and the quote becomes inviato in the same step', async () => {
    const { tenant, quote, template, guest, campsite } = await germanQuote();
    await sendQuoteMail(ctxFor(db, tenant), { quoteId: quote.id, templateId: template.id, attachmentIds: [] }, ORIGIN);
    const [mail] = await outboxOf(campsite.id);
    expect(mail.kind).toBe('quote');
    expect(mail.recipients).toEqual([guest.email]);
    expect(mail.subject).toMatch(/^Ihr Angebot - .+ - RIF\.: [0-9A-F]{10} \[CRM\]$/);
    expect(mail.html).toContain('Guten Tag Anna');
    expect(mail.html).toContain(`${ORIGIN}/visualizzaPreventivo/${guest.id}/${quote.id}/${campsite.id}`);
    expect(mail.html).toContain('Angebot öffnen');
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row.progress).toBe('inviato');
    expect(row.sentAt).not.toBeNull();
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, mail.mailTraceId!));
    expect(trace).toMatchObject({ contactId: guest.id, quoteId: quote.id });
  });

  it('a draft cannot be sent, and nothing is queued', async () => {
    const { tenant, quote, template, campsite } = await germanQuote('bozza');
    await expect(sendQuoteMail(ctxFor(db, tenant), { quoteId: quote.id, templateId: template.id, attachmentIds: [] }, ORIGIN)).rejects.toThrow(/solo un preventivo completo/);
    expect(await outboxOf(campsite.id)).toHaveLength(0);
  });

  it('another campsite’s template or quote is not found', async () => {
    const mine = await germanQuote();
    const theirs = await germanQuote();
    await expect(sendQuoteMail(ctxFor(db, mine.tenant), { quoteId: theirs.quote.id, templateId: mine.template.id, attachmentIds: [] }, ORIGIN)).rejects.toThrow(/non trovato/);
    await expect(sendQuoteMail(ctxFor(db, mine.tenant), { quoteId: mine.quote.id, templateId: theirs.template.id, attachmentIds: [] }, ORIGIN)).rejects.toThrow(/non trovato/);
    expect(await outboxOf(mine.campsite.id)).toHaveLength(0);
  });

  it('the same request twice (a double click) queues one mail', async () => {
    const { tenant, quote, template, campsite } = await germanQuote();
    const input = { quoteId: quote.id, templateId: template.id, attachmentIds: [], idempotencyKey: 'clic-1' };
    await sendQuoteMail(ctxFor(db, tenant), input, ORIGIN);
    await sendQuoteMail(ctxFor(db, tenant), input, ORIGIN);
    expect(await outboxOf(campsite.id)).toHaveLength(1);
  });
});

describe('acceptance', () => {
  it('queues a confirmation to the guest in German, naming the offer in German, and a notice to the campsite in Italian', async () => {
    const { tenant, quote, template, guest, campsite } = await germanQuote();
    await sendQuoteMail(ctxFor(db, tenant), { quoteId: quote.id, templateId: template.id, attachmentIds: [] }, ORIGIN);
    await acceptByGuest(guestCtxFor(db, campsite.id), { quoteId: quote.id, contactId: guest.id }, 1);
    const mails = await outboxOf(campsite.id);
    const toGuest = mails.find((mail) => mail.kind === 'acceptance-guest');
    const toCampsite = mails.find((mail) => mail.kind === 'acceptance-campsite');
    expect(toGuest?.recipients).toEqual([guest.email]);
    expect(toGuest?.subject).toMatch(/^Angebot angenommen/);
    expect(toCampsite?.recipients).toEqual(['info@lago.example']);
    expect(toCampsite?.html).toContain('Anna Müller');
    expect(toGuest?.html).toContain('Mobilheim Classic');
    expect(toGuest?.html).not.toContain('Casa mobile');
    expect(toCampsite?.html).toContain('Casa mobile Classic');
  });
});

describe('reminders', () => {
  it('a quote sent and unopened after the campsite’s days gets the reminder template once', async () => {
    const { tenant, quote, guest, campsite } = await germanQuote();
    await db.update(campsites).set({ reminderDays: 3 }).where(eq(campsites.id, campsite.id));
    await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Erinnerung', languageId: 3, isReminder: true, html: '<p>Erinnerung für {{nome}}</p>' }));
    await changeProgress(jobCtxFor(db, campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'staff', userId: tenant.userId, patch: { sentAt: new Date() } });

    await sendDueReminders(db, new Date(Date.now() + 2 * 86_400_000));
    expect((await outboxOf(campsite.id)).filter((mail) => mail.kind === 'reminder')).toHaveLength(0);

    const inFourDays = new Date(Date.now() + 4 * 86_400_000);
    await sendDueReminders(db, inFourDays);
    await sendDueReminders(db, inFourDays);
    const reminders = (await outboxOf(campsite.id)).filter((mail) => mail.kind === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].recipients).toEqual([guest.email]);
    expect(reminders[0].html).toContain('Erinnerung für Anna');
  });

  it('a campsite that set 0 days sends no reminders at all', async () => {
    const { tenant, quote, campsite } = await germanQuote();
    expect(await setReminderDays(ctxFor(db, tenant), 0)).toBe(0);
    await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Erinnerung', languageId: 3, isReminder: true, html: '<p>x</p>' }));
    await changeProgress(jobCtxFor(db, campsite.id), { quoteId: quote.id, to: 'inviato', actor: 'staff', patch: { sentAt: new Date() } });
    await sendDueReminders(db, new Date(Date.now() + 30 * 86_400_000));
    expect(await outboxOf(campsite.id)).toHaveLength(0);
  });

  it('no reminder for a quote the staff switched off, nor for one the guest opened', async () => {
    const off = await germanQuote();
    const opened = await germanQuote();
    for (const account of [off, opened]) {
      await createTemplate(ctxFor(db, { campsiteId: account.campsite.id }), templateFieldsSchema.parse({ name: 'Erinnerung', languageId: 3, isReminder: true, html: '<p>x</p>' }));
      await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: account.quote.id, to: 'inviato', actor: 'staff', patch: { sentAt: new Date() } });
    }
    await db.update(quotes).set({ reminderEnabled: false }).where(and(eq(quotes.id, off.quote.id), eq(quotes.campingId, off.campsite.id)));
    await changeProgress(jobCtxFor(db, opened.campsite.id), { quoteId: opened.quote.id, to: 'letto', actor: 'guest', patch: { readAt: new Date() } });
    await sendDueReminders(db, new Date(Date.now() + 30 * 86_400_000));
    expect(await outboxOf(off.campsite.id)).toHaveLength(0);
    expect(await outboxOf(opened.campsite.id)).toHaveLength(0);
  });
});
