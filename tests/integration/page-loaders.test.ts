import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { setReminderDays } from '@/lib/campsites/service';
import { loadQuoteMailPanel } from '@/lib/workflows/quote-mail-panel';
import { getQuoteDetail } from '@/lib/quotes/detail';
import { quoteDetailOrFailure } from '@/lib/quotes/page-loaders';
import { createQuote } from '@/lib/quotes/service';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

/** The loaders that took the database out of components/: what the pages now pass as props. */
let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

async function germanGuestQuote(progress: 'nuovo' | 'bozza') {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3 });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: progress, cards: [PITCH_CARD] }), account.platform);
  return { ...account, quote };
}

describe('the quote mail panel', () => {
  it('lists the templates with their language, the guest’s marked, and the campsite’s reminder days', async () => {
    const { campsite, tenant, quote } = await germanGuestQuote('nuovo');
    await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Angebot', languageId: 3, html: '<p>Guten Tag</p>' }));
    await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Offerta', languageId: 1, html: '<p>Buongiorno</p>' }));
    await setReminderDays(ctxFor(db, tenant), 5);
    const panel = await loadQuoteMailPanel(ctxFor(db, tenant), await getQuoteDetail(ctxFor(db, tenant), quote.id));
    expect(panel?.reminderDays).toBe(5);
    const angebot = panel?.templates.find((template) => template.name === 'Angebot');
    expect(angebot).toMatchObject({ guestLanguage: true, isReminder: false });
    expect(angebot?.language).toEqual(expect.any(String));
    expect(panel?.templates.find((template) => template.name === 'Offerta')).toMatchObject({ guestLanguage: false });
  });

  it('is not shown for a quote that may not be sent yet', async () => {
    const { campsite, tenant, quote } = await germanGuestQuote('bozza');
    expect(await loadQuoteMailPanel(ctxFor(db, { campsiteId: campsite.id }), await getQuoteDetail(ctxFor(db, tenant), quote.id))).toBeNull();
  });
});

describe('the quote list’s drawer', () => {
  it('carries the quote, or the message of a known failure in its place', async () => {
    const { tenant, quote } = await germanGuestQuote('nuovo');
    const found = await quoteDetailOrFailure(ctxFor(db, tenant), quote.id);
    expect(found.detail?.quote.id).toBe(quote.id);
    const other = await makeQuotesAccount(db);
    const refused = await quoteDetailOrFailure(ctxFor(db, other.tenant), quote.id);
    expect(refused.detail).toBeUndefined();
    expect(refused.failure).toEqual(expect.any(String));
  });
});
