import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, mailOutbox } from '@/db/schema';
import { getQuoteDetail } from '@/lib/quotes/detail';
import { createQuote } from '@/lib/quotes/service';
import { changeProgress } from '@/lib/quotes/transitions';
import { createTemplate, reminderTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { loadQuoteMailPanel } from '@/lib/workflows/quote-mail-panel';
import { sendDueReminders } from '@/lib/workflows/quote-reminders';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

/**
 * Issue 27: a Dutch guest got the German template. The template chosen for a guest without the
 * staff choosing it is in the guest's language, else (foreign guest) English, never another one.
 */
const LANGUAGE = { it: 1, en: 2, de: 3, fr: 4, nl: 5 } as const;
type Code = keyof typeof LANGUAGE;
const CODES = Object.keys(LANGUAGE) as Code[];

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

/** A campsite whose templates are named after their language ('it', 'de'…; 'none' has no language), and one quote per guest language. */
async function campsiteWith(templates: { name: string; language: Code | null; reminder?: boolean }[]) {
  const account = await makeQuotesAccount(db);
  for (const template of templates) {
    await createTemplate(
      ctxFor(db, account.tenant),
      templateFieldsSchema.parse({ name: template.name, languageId: template.language ? LANGUAGE[template.language] : undefined, isReminder: template.reminder ?? false, html: `<p>${template.name}</p>` }),
    );
  }
  const quotes = {} as Record<Code, string>;
  for (const code of CODES) {
    const guest = await makeGuest(db, account.tenant, { firstName: `Ospite ${code}`, lastName: 'Prova', languageId: LANGUAGE[code] });
    quotes[code] = (await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: `Soggiorno ${code}`, saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform)).id;
  }
  return { ...account, quotes };
}

/** The template name «Invia per e-mail» opens with, per guest language. */
async function suggestions(account: Awaited<ReturnType<typeof campsiteWith>>) {
  const chosen = {} as Record<Code, string | null>;
  for (const code of CODES) {
    const ctx = ctxFor(db, account.tenant);
    const panel = await loadQuoteMailPanel(ctx, await getQuoteDetail(ctx, account.quotes[code]));
    chosen[code] = panel?.templates.find((template) => template.id === panel.suggestedTemplateId)?.name ?? null;
  }
  return chosen;
}

describe('the template «Invia per e-mail» opens with', () => {
  it('with the demo’s templates (Italian, German, English, Italian reminder): the guest’s, else English', async () => {
    const account = await campsiteWith([
      { name: 'Preventivo standard', language: 'it' },
      { name: 'Angebot Standard (Deutsch)', language: 'de' },
      { name: 'Standard quote (English)', language: 'en' },
      { name: 'Sollecito preventivo', language: 'it', reminder: true },
    ]);
    expect(await suggestions(account)).toEqual({
      it: 'Preventivo standard',
      en: 'Standard quote (English)',
      de: 'Angebot Standard (Deutsch)',
      fr: 'Standard quote (English)',
      nl: 'Standard quote (English)',
    });
    // The dialog names the guest's language, and the English one stays first among the others for the Dutch guest.
    const ctx = ctxFor(db, account.tenant);
    const dutch = await loadQuoteMailPanel(ctx, await getQuoteDetail(ctx, account.quotes.nl));
    expect(dutch?.guestLanguageName).toBe('Nederlands');
    expect(dutch?.templates[0]).toMatchObject({ name: 'Standard quote (English)', language: 'English', guestLanguage: false });
  });

  it('with a template in every language: each guest’s own', async () => {
    const account = await campsiteWith(CODES.map((code) => ({ name: `Modello ${code}`, language: code })));
    expect(await suggestions(account)).toEqual({ it: 'Modello it', en: 'Modello en', de: 'Modello de', fr: 'Modello fr', nl: 'Modello nl' });
  });

  it('without an English template: none for the guests the campsite wrote nothing for, never the German or Italian one', async () => {
    const account = await campsiteWith([
      { name: 'Angebot', language: 'de' },
      { name: 'Aaa offerta', language: 'it' },
    ]);
    expect(await suggestions(account)).toEqual({ it: 'Aaa offerta', en: null, de: 'Angebot', fr: null, nl: null });
  });

  it('with only foreign templates: none for an Italian guest; a template without a language only ever reaches an Italian guest', async () => {
    const foreign = await campsiteWith([{ name: 'Offer', language: 'en' }]);
    expect(await suggestions(foreign)).toEqual({ it: null, en: 'Offer', de: 'Offer', fr: 'Offer', nl: 'Offer' });
    const unset = await campsiteWith([
      { name: 'Offer', language: 'en' },
      { name: 'Senza lingua', language: null },
    ]);
    expect(await suggestions(unset)).toEqual({ it: 'Senza lingua', en: 'Offer', de: 'Offer', fr: 'Offer', nl: 'Offer' });
  });

  it('an ordinary template before a reminder in the same language; a reminder in the guest’s language before English', async () => {
    const account = await campsiteWith([
      { name: 'Herinnering', language: 'nl', reminder: true },
      { name: 'Aaa reminder', language: 'en', reminder: true },
      { name: 'Zzz offer', language: 'en' },
    ]);
    const chosen = await suggestions(account);
    expect(chosen.nl).toBe('Herinnering');
    expect(chosen.en).toBe('Zzz offer');
    expect(chosen.it).toBeNull();
  });
});

describe('the reminder template', () => {
  it('is the guest’s language’s, else English for a foreign guest; never Italian or another foreign language', async () => {
    const only = async (templates: Parameters<typeof campsiteWith>[0]) => {
      const account = await campsiteWith(templates);
      const ctx = jobCtxFor(db, account.campsite.id);
      const chosen = {} as Record<Code, string | null>;
      for (const code of CODES) chosen[code] = (await reminderTemplate(ctx, LANGUAGE[code]))?.name ?? null;
      return chosen;
    };
    expect(await only([{ name: 'Sollecito', language: 'it', reminder: true }])).toEqual({ it: 'Sollecito', en: null, de: null, fr: null, nl: null });
    expect(
      await only([
        { name: 'Sollecito', language: 'it', reminder: true },
        { name: 'Erinnerung', language: 'de', reminder: true },
        { name: 'Reminder', language: 'en', reminder: true },
        { name: 'Offer', language: 'nl' },
      ]),
    ).toEqual({ it: 'Sollecito', en: 'Reminder', de: 'Erinnerung', fr: 'Reminder', nl: 'Reminder' });
    expect(await only([{ name: 'Rappel', language: 'fr', reminder: true }])).toEqual({ it: null, en: null, de: null, fr: 'Rappel', nl: null });
  });

  it('the reminder job sends a Dutch guest the English reminder, not the German or Italian one', async () => {
    const account = await campsiteWith([
      { name: 'Sollecito', language: 'it', reminder: true },
      { name: 'Erinnerung', language: 'de', reminder: true },
      { name: 'Reminder', language: 'en', reminder: true },
    ]);
    await db.update(campsites).set({ reminderDays: 3 }).where(eq(campsites.id, account.campsite.id));
    await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: account.quotes.nl, to: 'inviato', actor: 'staff', patch: { sentAt: new Date() } });
    await sendDueReminders(db, new Date(Date.now() + 4 * 86_400_000));
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, account.campsite.id), eq(mailOutbox.kind, 'reminder')));
    expect(mail?.html).toContain('<p>Reminder</p>');
  });
});
