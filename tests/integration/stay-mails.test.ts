import { spawn } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailOutbox, quoteCards, quotes, stayMessages, staySurveys, type StayMailSettings } from '@/db/schema';
import { createQuote } from '@/lib/quotes/service';
import { addDays } from '@/lib/stays/schedule';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { SKIP_REASONS, sendDueStayMails } from '@/lib/workflows/stay-mails';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { MOBILE_HOME_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';

const ORIGIN = 'https://crm.example.it';
// Stays in 2031: no other test file's stay is due on these days, whatever their settings.
const ARRIVAL = '2031-07-10';
const DEPARTURE = '2031-07-17';
const ON: StayMailSettings = {
  preArrival: { enabled: true, daysBefore: 7, templateId: null, dayBefore: true, dayBeforeTemplateId: null },
  postStay: { enabled: true, daysAfter: 2, templateId: null, reviewUrl: 'https://g.page/r/lago-azzurro/review' },
};
const HOURS = { baseTime: '08:00', checkin: [{ from: '15:00', to: '20:00' }], checkout: [{ from: '08:00', to: '11:00' }], notes: 'Reception aperta fino alle 22.', notesByLanguage: { de: 'Rezeption bis 22 Uhr geöffnet.' } };

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

/** A run of the job on a day (10:00 in Rome). */
const runOn = (day: string) => sendDueStayMails(db, new Date(`${day}T08:00:00Z`), ORIGIN);

async function campsiteWith(stayMails: StayMailSettings | null = ON) {
  return makeQuotesAccount(db, {
    name: `Lago Azzurro ${unique()}`,
    stayMails,
    openingHours: HOURS,
    contacts: { phone: '+39 045 1234', whatsapp: '', email: 'info@lago.example', address: 'Via del Lago 1', policyLink: '' },
  });
}

type Account = Awaited<ReturnType<typeof campsiteWith>>;

/** A converted quote (the booking happened) of a new guest, its accepted offer from `arrival` to `departure`. */
async function bookedStay(account: Account, options: { languageId?: number; arrival?: string; departure?: string; firstName?: string } = {}) {
  const guest = await makeGuest(db, account.tenant, { firstName: options.firstName ?? 'Anna', lastName: 'Müller', languageId: options.languageId ?? 3 });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] }), account.platform);
  // Priced on the demo catalogue's season, then moved to the stay's days: the job reads the dates as stored.
  await db
    .update(quoteCards)
    .set({ arrival: options.arrival ?? ARRIVAL, departure: options.departure ?? DEPARTURE })
    .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.campingId, account.campsite.id)));
  await db
    .update(quotes)
    .set({ progress: 'convertito', acceptedCardIdx: 0, resources: [{ id: 'MH-3', nome: 'Casa mobile 3' }] })
    .where(and(eq(quotes.id, quote.id), eq(quotes.campingId, account.campsite.id)));
  return { guest, quote };
}

const mailsOf = (campsiteId: string) => db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, campsiteId), eq(mailOutbox.kind, 'stay'))).orderBy(mailOutbox.createdAt);
const ledgerOf = (quoteId: string) => db.select().from(stayMessages).where(eq(stayMessages.quoteId, quoteId)).orderBy(stayMessages.createdAt);
const kindsOf = async (quoteId: string) => (await ledgerOf(quoteId)).map((row) => `${row.kind}:${row.status}`).sort();

describe('stay mails: the days, the language, the placeholders', () => {
  it('a German guest gets one pre-arrival mail 7 days before, one the day before and one thank-you 2 days after, each once', async () => {
    const account = await campsiteWith();
    const { guest, quote } = await bookedStay(account);
    await runOn(addDays(ARRIVAL, -8));
    expect(await mailsOf(account.campsite.id)).toHaveLength(0);

    await runOn(addDays(ARRIVAL, -7));
    await runOn(addDays(ARRIVAL, -7));
    await runOn(addDays(ARRIVAL, -3));
    const [before] = await mailsOf(account.campsite.id);
    expect(await mailsOf(account.campsite.id)).toHaveLength(1);
    expect(before.recipients).toEqual([guest.email]);
    expect(before.subject).toContain(`Bis bald auf dem ${account.campsite.name}`);
    for (const text of ['Guten Tag Anna', 'Ihre Buchung', '10/07/2031', '17/07/2031', 'Nächte:</strong> 7', 'Unterkunft:</strong> Mobilheim Classic', 'Stellplatz:</strong> Casa mobile 3', '15:00–20:00', '08:00–11:00', 'Rezeption bis 22 Uhr geöffnet.', '+39 045 1234', 'Buchung ansehen']) {
      expect(before.html).toContain(text);
    }
    expect(before.html).toContain(`${ORIGIN}/visualizzaPreventivo/${guest.id}/${quote.id}/${account.campsite.id}`);
    expect(before.html).toContain('Gäste:</strong> 2 × Erwachsener, 1 × Kind');
    expect(before.text).toContain('Ihre Buchung');
    const [claimed] = await ledgerOf(quote.id);
    expect(claimed).toMatchObject({ kind: 'pre_arrival', status: 'queued', dueOn: addDays(ARRIVAL, -7), outboxId: before.id, campingId: account.campsite.id });

    await runOn(addDays(ARRIVAL, -1));
    await runOn(addDays(ARRIVAL, -1));
    const dayBefore = (await mailsOf(account.campsite.id)).filter((mail) => mail.id !== before.id);
    expect(dayBefore).toHaveLength(1);
    expect(dayBefore[0].subject).toContain('Morgen geht es los');

    for (const day of [ARRIVAL, DEPARTURE, addDays(DEPARTURE, 1)]) await runOn(day);
    expect(await mailsOf(account.campsite.id)).toHaveLength(2);

    await runOn(addDays(DEPARTURE, 2));
    await runOn(addDays(DEPARTURE, 2));
    for (const day of [addDays(DEPARTURE, 5), addDays(DEPARTURE, 30)]) await runOn(day);
    const all = await mailsOf(account.campsite.id);
    expect(all).toHaveLength(3);
    const thanks = all.find((mail) => mail.subject.includes('Danke für Ihren Aufenthalt'))!;
    const [survey] = await db.select().from(staySurveys).where(eq(staySurveys.quoteId, quote.id));
    expect(survey).toMatchObject({ campingId: account.campsite.id, contactId: guest.id, languageId: 3, season: 2031, arrival: ARRIVAL, departure: DEPARTURE, score: null });
    expect(survey.token.length).toBeGreaterThanOrEqual(40);
    expect(thanks.html).toContain(`href="${ORIGIN}/sondaggio/${account.campsite.id}/${survey.token}"`);
    expect(thanks.html).toContain('href="https://g.page/r/lago-azzurro/review"');
    expect(thanks.html).toContain('Zur Umfrage');
    expect(thanks.html).toContain('Bewertung schreiben');
    expect(await kindsOf(quote.id)).toEqual(['day_before:queued', 'post_stay:queued', 'pre_arrival:queued']);
  }, 120_000);

  it('a guest of each language reads the built-in texts in it; a chosen template is used only in its language', async () => {
    const account = await campsiteWith();
    const template = await createTemplate(
      ctxFor(db, account.tenant),
      templateFieldsSchema.parse({ name: 'Anreise', languageId: 3, html: '<p>Hallo {{nome}}, {{alloggio}} auf {{piazzola}}, {{notti}} Nächte, {{ospiti}}.</p>' }),
    );
    await db.execute(sql`update campsites set stay_mails = jsonb_set(stay_mails, '{preArrival,templateId}', to_jsonb(${template.id}::text)) where id = ${account.campsite.id}`);
    const guests = { de: 3, it: 1, en: 2, fr: 4, nl: 5 } as const;
    for (const [name, languageId] of Object.entries(guests)) await bookedStay(account, { languageId, firstName: name });
    await runOn(addDays(ARRIVAL, -7));
    const mails = await mailsOf(account.campsite.id);
    expect(mails).toHaveLength(5);
    const subjectOf = (email: string) => mails.find((mail) => mail.html.includes(email))!;
    expect(subjectOf('Hallo de, ').html).toContain('Hallo de, Mobilheim Classic auf Casa mobile 3, 7 Nächte, 2 × Erwachsener');
    expect(subjectOf('Gentile it,').subject).toContain('Ci vediamo presto a');
    expect(subjectOf('Dear en,').subject).toContain('See you soon at');
    expect(subjectOf('Bonjour fr,').subject).toContain('À très bientôt au');
    expect(subjectOf('Beste nl,').subject).toContain('Tot snel op');
    expect(subjectOf('Gentile it,').html).not.toContain('Hallo');
  });
});

describe('stay mails: exactly once, across workers and crashes', () => {
  it('two workers running at once still send one mail per stay and kind', async () => {
    const account = await campsiteWith();
    const stays = await Promise.all([1, 2, 3, 4].map(() => bookedStay(account)));
    // On PostgreSQL each run's transactions take their own connections of the pool.
    await Promise.all([runOn(addDays(ARRIVAL, -7)), runOn(addDays(ARRIVAL, -7)), runOn(addDays(ARRIVAL, -6))]);
    await Promise.all([runOn(addDays(DEPARTURE, 2)), runOn(addDays(DEPARTURE, 2))]);
    const mails = await mailsOf(account.campsite.id);
    expect(mails).toHaveLength(8);
    for (const { quote } of stays) expect(await kindsOf(quote.id)).toEqual(['post_stay:queued', 'pre_arrival:queued']);
    expect(await db.select().from(staySurveys).where(eq(staySurveys.campingId, account.campsite.id))).toHaveLength(4);
  }, 120_000);

  it('a run that dies after claiming leaves nothing behind, and the next run sends the mail once', async () => {
    const account = await campsiteWith();
    const broken = await bookedStay(account);
    const fine = await bookedStay(account);
    const trigger = `crm_test_kill_${unique()}`;
    // The outbox refuses this stay's mail: the run fails between the ledger's claim and the queued mail.
    await db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin
        if new.idempotency_key like '%stay:post_stay:${broken.quote.id}' then raise exception 'worker killed mid-run'; end if;
        return new; end $$`),
    );
    await db.execute(sql.raw(`create trigger ${trigger} before insert on mail_outbox for each row execute function ${trigger}()`));
    try {
      const report = await runOn(addDays(DEPARTURE, 2));
      expect(report.failed).toBeGreaterThanOrEqual(1);
    } finally {
      await db.execute(sql.raw(`drop trigger ${trigger} on mail_outbox`));
      await db.execute(sql.raw(`drop function ${trigger}()`));
    }
    expect(await ledgerOf(broken.quote.id)).toHaveLength(0);
    expect(await db.select().from(staySurveys).where(eq(staySurveys.quoteId, broken.quote.id))).toHaveLength(0);
    // The other stay of the same run went.
    expect(await kindsOf(fine.quote.id)).toEqual(['post_stay:queued']);

    await runOn(addDays(DEPARTURE, 2));
    await runOn(addDays(DEPARTURE, 3));
    expect(await kindsOf(broken.quote.id)).toEqual(['post_stay:queued']);
    const mails = await mailsOf(account.campsite.id);
    expect(mails.filter((mail) => mail.recipients[0] === broken.guest.email)).toHaveLength(1);
    expect(mails).toHaveLength(2);
  });
});

describe('stay mails: a worker killed mid-run', () => {
  // A real kill needs a second process on the same database: PGlite lives inside this one.
  it.skipIf(!process.env.DATABASE_URL)('a run SIGKILLed halfway leaves each stay either with its mail or untouched; the next run sends the rest, once each', async () => {
    const account = await campsiteWith();
    const departure = '2031-08-20';
    const stays = [];
    for (let n = 0; n < 60; n += 1) stays.push(await bookedStay(account, { arrival: '2031-08-13', departure, firstName: `Gast${n}` }));
    const instant = new Date(`${addDays(departure, 2)}T08:00:00Z`);
    const child = spawn(path.resolve('node_modules/.bin/node'), ['--import', 'tsx', 'tests/helpers/run-stay-mails.ts', instant.toISOString(), ORIGIN], { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const claimed = async () => (await db.select({ n: count() }).from(stayMessages).where(eq(stayMessages.campingId, account.campsite.id)))[0].n;
    let killedAfter = -1;
    while (killedAfter < 0 && child.exitCode === null) {
      const n = await claimed();
      if (n >= 3) {
        child.kill('SIGKILL');
        killedAfter = n;
      } else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await ended, `the run ended before it could be killed:\n${output.slice(-2000)}`).toBeNull();

    // Each stay the dead run touched has its ledger row, its survey and its mail, or none of them.
    const ledger = await db.select().from(stayMessages).where(eq(stayMessages.campingId, account.campsite.id));
    const mails = await mailsOf(account.campsite.id);
    const surveys = await db.select().from(staySurveys).where(eq(staySurveys.campingId, account.campsite.id));
    expect(ledger.length).toBeGreaterThanOrEqual(killedAfter);
    expect(ledger.length, 'the kill came before the run was over').toBeLessThan(stays.length);
    expect(mails.map((mail) => mail.idempotencyKey.replace(/^.*stay:post_stay:/, '')).sort()).toEqual(ledger.map((row) => row.quoteId).sort());
    expect(surveys.map((survey) => survey.quoteId).sort()).toEqual(ledger.map((row) => row.quoteId).sort());

    await runOn(addDays(departure, 2));
    await runOn(addDays(departure, 3));
    const after = await mailsOf(account.campsite.id);
    expect(after).toHaveLength(stays.length);
    expect(new Set(after.map((mail) => mail.recipients[0])).size).toBe(stays.length);
    for (const { quote } of stays) expect(await kindsOf(quote.id)).toEqual(['post_stay:queued']);
  }, 180_000);
});

describe('stay mails: never unwanted', () => {
  it('nothing more once the booking is cancelled or refused', async () => {
    const account = await campsiteWith();
    const cancelled = await bookedStay(account);
    const refused = await bookedStay(account);
    await runOn(addDays(ARRIVAL, -7));
    expect(await mailsOf(account.campsite.id)).toHaveLength(2);
    await db.update(quotes).set({ progress: 'non convertito' }).where(eq(quotes.id, cancelled.quote.id));
    await db.update(quotes).set({ progress: 'rifiutato' }).where(eq(quotes.id, refused.quote.id));
    for (const day of [addDays(ARRIVAL, -1), addDays(DEPARTURE, 2), addDays(DEPARTURE, 4)]) await runOn(day);
    expect(await mailsOf(account.campsite.id)).toHaveLength(2);
    expect(await kindsOf(cancelled.quote.id)).toEqual(['pre_arrival:queued']);
    expect(await kindsOf(refused.quote.id)).toEqual(['pre_arrival:queued']);
  });

  it('nothing while the campsite has the mails off; only the kinds it turned on', async () => {
    const off = await campsiteWith(null);
    const onlyAfter = await campsiteWith({ ...ON, preArrival: { ...ON.preArrival, enabled: false } });
    const offStay = await bookedStay(off);
    const afterStay = await bookedStay(onlyAfter);
    for (const day of [addDays(ARRIVAL, -7), addDays(ARRIVAL, -1), addDays(DEPARTURE, 2)]) await runOn(day);
    expect(await mailsOf(off.campsite.id)).toHaveLength(0);
    expect(await ledgerOf(offStay.quote.id)).toHaveLength(0);
    expect(await kindsOf(afterStay.quote.id)).toEqual(['post_stay:queued']);
  });

  it('no thank-you to a guest who unsubscribed (the booking information still goes) nor anything to a suppressed address', async () => {
    const account = await campsiteWith();
    const unsubscribed = await bookedStay(account);
    const suppressed = await bookedStay(account);
    await db.update(contacts).set({ newsletterOptOutAt: new Date() }).where(eq(contacts.id, unsubscribed.guest.id));
    await db.update(contacts).set({ emailSuppressedAt: new Date(), emailSuppressedReason: 'bounce' }).where(eq(contacts.id, suppressed.guest.id));
    for (const day of [addDays(ARRIVAL, -7), addDays(ARRIVAL, -1), addDays(DEPARTURE, 2), addDays(DEPARTURE, 3)]) await runOn(day);
    const mails = await mailsOf(account.campsite.id);
    expect(mails.map((mail) => mail.recipients[0]).sort()).toEqual([unsubscribed.guest.email, unsubscribed.guest.email]);
    const ledger = await ledgerOf(unsubscribed.quote.id);
    expect(ledger.find((row) => row.kind === 'post_stay')).toMatchObject({ status: 'skipped', reason: SKIP_REASONS.unsubscribed, outboxId: null });
    expect((await ledgerOf(suppressed.quote.id)).map((row) => [row.kind, row.status, row.reason]).sort()).toEqual([
      ['day_before', 'skipped', SKIP_REASONS.suppressed],
      ['post_stay', 'skipped', SKIP_REASONS.suppressed],
      ['pre_arrival', 'skipped', SKIP_REASONS.suppressed],
    ]);
    expect(await db.select().from(staySurveys).where(eq(staySurveys.campingId, account.campsite.id))).toHaveLength(0);
  });

  it('a late booking gets its pre-arrival mail at once; booked the day before, no second mail that day', async () => {
    const account = await campsiteWith();
    const threeDays = await bookedStay(account);
    await runOn(addDays(ARRIVAL, -3));
    expect(await kindsOf(threeDays.quote.id)).toEqual(['pre_arrival:queued']);
    expect((await ledgerOf(threeDays.quote.id))[0].dueOn).toBe(addDays(ARRIVAL, -7));

    const dayBefore = await bookedStay(account);
    await runOn(addDays(ARRIVAL, -1));
    expect(await kindsOf(threeDays.quote.id)).toEqual(['day_before:queued', 'pre_arrival:queued']);
    expect(await kindsOf(dayBefore.quote.id)).toEqual(['day_before:skipped', 'pre_arrival:queued']);
    const sameDay = await bookedStay(account);
    await runOn(ARRIVAL);
    expect(await ledgerOf(sameDay.quote.id)).toHaveLength(0);
    expect(await mailsOf(account.campsite.id)).toHaveLength(3);
  });

  it('turning the mails on does not write to last season’s guests', async () => {
    const account = await campsiteWith();
    const lastYear = await bookedStay(account, { arrival: '2030-07-10', departure: '2030-07-17' });
    const weekAgo = await bookedStay(account, { arrival: '2031-07-01', departure: addDays(DEPARTURE, -8) });
    await runOn(addDays(DEPARTURE, 2));
    expect(await ledgerOf(lastYear.quote.id)).toHaveLength(0);
    // Left 10 days ago, due 8 days ago: still within the fortnight a thank-you may be late.
    expect(await kindsOf(weekAgo.quote.id)).toEqual(['post_stay:queued']);
  });

  it('each campsite’s run touches only its own stays', async () => {
    const first = await campsiteWith();
    const second = await campsiteWith();
    const a = await bookedStay(first);
    const b = await bookedStay(second);
    await runOn(addDays(DEPARTURE, 2));
    const [mailA] = await mailsOf(first.campsite.id);
    const [mailB] = await mailsOf(second.campsite.id);
    expect(mailA.recipients).toEqual([a.guest.email]);
    expect(mailB.recipients).toEqual([b.guest.email]);
    expect(mailA.html).toContain(first.campsite.name);
    expect(mailA.html).not.toContain(second.campsite.name);
    const surveys = await db.select().from(staySurveys).where(sql`${staySurveys.quoteId} in (${a.quote.id}, ${b.quote.id})`);
    expect(surveys.map((row) => [row.quoteId, row.campingId]).sort()).toEqual([[a.quote.id, first.campsite.id], [b.quote.id, second.campsite.id]].sort());
    expect(mailB.html).toContain(`/sondaggio/${second.campsite.id}/`);
    expect((await ledgerOf(a.quote.id))[0].campingId).toBe(first.campsite.id);
  });
});

describe('stay mail texts', () => {
  it('every language has the Italian keys and the same placeholders', async () => {
    const { STAY_MAIL_TEXTS } = await import('@/lib/stays/default-texts');
    const flat = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string' ? [[prefix, value]] : Object.entries(value as object).flatMap(([key, inner]) => flat(inner, `${prefix}.${key}`));
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|\{(\w+)\}/g)].map((match) => match[0]).sort();
    const italian = new Map(flat(STAY_MAIL_TEXTS.it));
    for (const locale of ['de', 'en', 'nl', 'fr'] as const) {
      const texts = new Map(flat(STAY_MAIL_TEXTS[locale]));
      expect([...texts.keys()].sort()).toEqual([...italian.keys()].sort());
      for (const [key, text] of texts) expect(placeholders(text), `${locale}${key}`).toEqual(placeholders(italian.get(key)!));
    }
  });
});
