import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, campsites, contacts, newsletterBatches, newsletterRecipients } from '@/db/schema';
import { getCampaignStats } from '@/lib/campaigns/stats';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { toLegacyCampsite } from '@/lib/legacy-api/shapes/campsite';
import { sendNewsletterBatch } from '@/lib/newsletter/batch-send';
import { cancelNewsletter, getSendProgress, pauseNewsletter, resumeNewsletter } from '@/lib/newsletter/campaign-control';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { fanOutNewsletter } from '@/lib/newsletter/fan-out';
import { resendNewsletterProvider } from '@/lib/newsletter/provider';
import { planRecovery } from '@/lib/newsletter/recovery';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { callApi } from '../helpers/legacy-api';
import { makeCampsite } from '../helpers/fixtures';
import { campsiteWithProvider, listWithMembers, PROVIDER_KEY } from '../helpers/newsletters';
import { startResendBatchStandIn, type Interception } from '../helpers/resend-batch-stand-in';

const db = await useTestDatabase();
let dropCall = 0;
const standIn = await startResendBatchStandIn({
  apiKey: PROVIDER_KEY,
  ratePerSecond: 2,
  beforeAnswer: (call): Interception => (call === dropCall ? 'drop' : 'answer'),
});
const factory = (key: string) => resendNewsletterProvider(key, standIn.baseUrl);
const options = { factory, ratePerSecond: 2, leaseSeconds: 30 };
afterAll(() => standIn.close());

const ledger = (campaignId: string) =>
  db.select().from(newsletterRecipients).where(eq(newsletterRecipients.campaignId, campaignId)).orderBy(newsletterRecipients.contactId);
const batchesOf = (campaignId: string) => db.select().from(newsletterBatches).where(eq(newsletterBatches.campaignId, campaignId)).orderBy(newsletterBatches.batchNo);

describe('a newsletter from the list to the provider', () => {
  let campsiteId: string;
  let ctx: CampsiteCtx;
  beforeAll(async () => {
    campsiteId = (await campsiteWithProvider(db, 'Camping Lago Blu')).id;
    ctx = ctxFor(db, { campsiteId });
  });

  it('reaches every receivable member once, through batches of 100 at the provider’s rate, and skips the rest with a reason', async () => {
    const regular = Array.from({ length: 230 }, () => ({}));
    const { list, members } = await listWithMembers(db, campsiteId, [
      ...regular,
      { firstName: 'Anna', languageId: 3, email: 'anna@esempio.test' },
      { firstName: 'Annette', languageId: 1, email: 'ANNA@esempio.test' },
      { leftList: true },
      { newsletterOptOutAt: new Date() },
      { emailSuppressedAt: new Date(), emailSuppressedReason: 'bounce' },
      { email: null },
    ]);
    const started = await startNewsletter(ctx, { listId: list.id, subject: 'Novità per {{nome}}', html: '<p>Ciao {{nome}}, <a href="{{linkDisiscrizione}}">esci</a></p>' });
    expect(started).toMatchObject({ status: 'sending', started: true });
    const ids = { campsiteId, campaignId: started.campaignId };
    const ref = { campaignId: started.campaignId };

    // The worker's recovery finds the due newsletter without any job; the fan-out writes the ledger.
    expect((await planRecovery(db, 30)).sends).toContainEqual(ids);
    const fanned = await fanOutNewsletter(ctx, ref);
    expect(fanned).toEqual({ state: 'fanned-out', batchNos: [0, 1, 2] });
    expect(await fanOutNewsletter(ctx, ref)).toEqual({ state: 'already', batchNos: [0, 1, 2] });
    const rows = await ledger(started.campaignId);
    expect(rows).toHaveLength(members.length);
    expect(rows.filter((row) => row.state === 'pending')).toHaveLength(231);
    const reasons = rows.filter((row) => row.state === 'skipped').map((row) => row.skipReason);
    expect(reasons.sort()).toEqual(['duplicate', 'no_email', 'suppressed', 'unsubscribed', 'unsubscribed']);
    expect(await getSendProgress(ctx, ref)).toMatchObject({ status: 'sending', recipients: 231, skipped: 5, sent: 0, queued: 231 });

    // The answer to the first call is lost: the batch goes again under its key and nobody gets two.
    dropCall = 1;
    const before = standIn.delivered.length;
    const outcomes = await Promise.all([0, 1, 2].map((batchNo) => sendNewsletterBatch(ctx, { ...ref, batchNo }, options)));
    expect(outcomes).toEqual(['sent', 'sent', 'sent']);
    const mine = standIn.delivered.slice(before);
    const addresses = mine.map((mail) => mail.email.to[0].toLowerCase());
    expect(new Set(addresses).size).toBe(231);
    expect(addresses).toHaveLength(231);
    const accepted = standIn.calls.filter((call) => call.status === 200);
    for (let i = 2; i < accepted.length; i++) expect(accepted[i].at - accepted[i - 2].at).toBeGreaterThanOrEqual(1000);

    const anna = mine.find((mail) => mail.email.to[0].toLowerCase() === 'anna@esempio.test')!;
    const annaRow = rows.find((row) => row.email.toLowerCase() === 'anna@esempio.test' && row.state === 'pending')!;
    expect(anna.email.subject).toBe(`Novità per ${annaRow.firstName}`);
    expect(anna.email.subject).not.toContain('RIF.');
    expect(anna.email.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/unsubscribe/${campsiteId}/${annaRow.contactId}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(anna.email.html).toContain(`href="http://localhost:3000/unsubscribe/${campsiteId}/${annaRow.contactId}"`);
    expect(anna.email.html).toContain(annaRow.languageId === 3 ? 'Abmelden' : 'Annulla l’iscrizione');

    const settled = await ledger(started.campaignId);
    expect(settled.filter((row) => row.state === 'sent' && row.providerMessageId)).toHaveLength(231);
    expect(await getSendProgress(ctx, ref)).toMatchObject({ status: 'sent', recipients: 231, sent: 231, failed: 0, skipped: 5, queued: 0 });
    const [campsite] = await db.select().from(campsites).where(eq(campsites.id, campsiteId));
    expect(campsite.monthlyEmailSent).toBe(231);
    expect(campsite.monthlyEmailMonth).toMatch(/^\d{4}-\d{2}$/);
    // Every job again finds nothing to do.
    expect(await sendNewsletterBatch(ctx, { ...ref, batchNo: 0 }, options)).toBe('not-claimed');

    // Anna leaves through the newsletter's link, twice: one unsubscribe for this newsletter.
    const dispatch = createDispatcher(legacyRoutes, () => db);
    for (let i = 0; i < 2; i++) {
      const left = await callApi(dispatch, 'POST', '/annullaNewsletter', { body: { camp: campsiteId, cliente: annaRow.contactId } });
      expect(left.status, left.text).toBe(200);
    }
    expect(await getCampaignStats(ctx, ref)).toMatchObject({ sent: 231, unsubscribed: 1 });
  });

  it('drops at the first claim whoever unsubscribed after the fan-out, and counts a new month from zero', async () => {
    const [old] = await db.update(campsites).set({ monthlyEmailSent: 999, monthlyEmailMonth: '2001-01' }).where(eq(campsites.id, campsiteId)).returning();
    expect(toLegacyCampsite(old).MonthlyEmailSent).toBe(0);
    const { list, members } = await listWithMembers(db, campsiteId, [{}, {}, {}]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Ciao', html: '<p>Ciao</p>' });
    await fanOutNewsletter(ctx, { campaignId });
    await db.update(contacts).set({ newsletterOptOutAt: new Date() }).where(eq(contacts.id, members[1].id));
    expect(await sendNewsletterBatch(ctx, { campaignId, batchNo: 0 }, options)).toBe('sent');
    expect(await getSendProgress(ctx, { campaignId })).toMatchObject({ status: 'sent', sent: 2, skipped: 1 });
    const [campsite] = await db.select().from(campsites).where(eq(campsites.id, campsiteId));
    expect(campsite.monthlyEmailSent).toBe(2);
    expect(toLegacyCampsite(campsite).MonthlyEmailSent).toBe(2);
  });

  it('writes the unsubscribe line in the newsletter’s language, whatever each recipient speaks', async () => {
    const { list } = await listWithMembers(db, campsiteId, [
      { firstName: 'Giulia', languageId: 1 },
      { firstName: 'Hans', languageId: 3 },
      { firstName: 'Pieter', languageId: 5 },
      { firstName: '', languageId: 2 },
    ]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Neuigkeiten, {{nome}}', html: '<p>Hallo {{nome}}, willkommen!</p>', languageId: 3 });
    await fanOutNewsletter(ctx, { campaignId });
    const before = standIn.delivered.length;
    expect(await sendNewsletterBatch(ctx, { campaignId, batchNo: 0 }, options)).toBe('sent');
    const mails = standIn.delivered.slice(before).map((mail) => mail.email);
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      expect(mail.html).toContain('Abmelden');
      expect(mail.html).not.toMatch(/Annulla l’iscrizione|Unsubscribe<|Afmelden/);
      // The line's link opens the unsubscribe page in German too, not in the recipient's language.
      const link = mail.html.match(/href="([^"]+)"[^>]*>Sie möchten/)?.[1];
      expect(link).toMatch(new RegExp(`^http://localhost:3000/mailing/unsubscribe/${campsiteId}/[^/]+/de$`));
      expect(mail.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    }
    // The guest without a name: no gap where the name would be.
    const nameless = mails.find((mail) => mail.subject === 'Neuigkeiten,')!;
    expect(nameless.html).toContain('<p>Hallo, willkommen!</p>');
  });

  it('pauses, resumes and cancels: what was not handed to the provider is never sent', async () => {
    const { list } = await listWithMembers(
      db,
      campsiteId,
      Array.from({ length: 250 }, () => ({})),
    );
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Pausa', html: '<p>x</p>' });
    const ref = { campaignId };
    await fanOutNewsletter(ctx, ref);
    expect(await pauseNewsletter(ctx, ref)).toMatchObject({ status: 'paused' });
    expect(await sendNewsletterBatch(ctx, { ...ref, batchNo: 0 }, options)).toBe('not-claimed');
    expect(await resumeNewsletter(ctx, ref)).toMatchObject({ status: 'sending' });
    expect(await sendNewsletterBatch(ctx, { ...ref, batchNo: 0 }, options)).toBe('sent');
    const cancelled = await cancelNewsletter(ctx, ref);
    expect(cancelled).toMatchObject({ status: 'cancelled', sent: 100, skipped: 150, recipients: 100 });
    expect(await sendNewsletterBatch(ctx, { ...ref, batchNo: 1 }, options)).toBe('not-claimed');
    expect((await batchesOf(campaignId)).map((batch) => batch.state)).toEqual(['sent', 'cancelled', 'cancelled']);
    expect((await failure(cancelNewsletter(ctx, ref))).kind).toBe('conflict');
  });

  it('settles a batch the provider refuses as failed, and recovers a batch a crash left in flight', async () => {
    const { list } = await listWithMembers(db, campsiteId, [{}, {}]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Rifiuto', html: '<p>x</p>' });
    const ref = { campaignId };
    await fanOutNewsletter(ctx, ref);
    const refusing = { ...options, factory: (key: string) => resendNewsletterProvider(`${key}-sbagliata`, standIn.baseUrl) };
    expect(await sendNewsletterBatch(ctx, { ...ref, batchNo: 0 }, refusing)).toBe('failed');
    expect(await getSendProgress(ctx, ref)).toMatchObject({ status: 'failed', failed: 2, sent: 0 });

    // A worker died holding a batch: once its lease is over, recovery hands it out again…
    const second = await listWithMembers(db, campsiteId, [{}]);
    const crashed = await startNewsletter(ctx, { listId: second.list.id, subject: 'Crash', html: '<p>x</p>' });
    const crashIds = { campsiteId, campaignId: crashed.campaignId };
    await fanOutNewsletter(ctx, { campaignId: crashed.campaignId });
    const inFlight = and(eq(newsletterBatches.campaignId, crashed.campaignId), eq(newsletterBatches.batchNo, 0));
    await db.update(newsletterBatches).set({ state: 'sending', attempts: 1, firstAttemptAt: new Date(), leaseUntil: sql`now() - interval '1 second'` }).where(inFlight);
    expect((await planRecovery(db, 30)).batches).toContainEqual({ ...crashIds, batchNo: 0 });
    // …unless its idempotency key is past the provider's window: then it is settled unknown, never sent twice.
    await db.update(newsletterBatches).set({ firstAttemptAt: sql`now() - interval '24 hours'` }).where(inFlight);
    const plan = await planRecovery(db, 30);
    expect(plan.settledUnknown).toBeGreaterThanOrEqual(1);
    expect(plan.batches).not.toContainEqual({ ...crashIds, batchNo: 0 });
    const [batch] = await db.select().from(newsletterBatches).where(inFlight);
    expect(batch.state).toBe('unknown');
    expect((await ledger(crashed.campaignId)).map((row) => row.state)).toEqual(['unknown']);
  });

  it('keeps every campsite to its own newsletters', async () => {
    const other = await campsiteWithProvider(db);
    const { list } = await listWithMembers(db, campsiteId, [{}]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Mia', html: '<p>x</p>' });
    const theirs = ctxFor(db, { campsiteId: other.id });
    for (const call of [getSendProgress, pauseNewsletter, resumeNewsletter, cancelNewsletter]) {
      expect((await failure(call(theirs, { campaignId }))).kind, call.name).toBe('not_found');
    }
    expect((await failure(startNewsletter(ctxFor(db, { campsiteId: other.id }), { listId: list.id, subject: 'x', html: 'y' }))).kind).toBe('not_found');
    expect(await fanOutNewsletter(theirs, { campaignId })).toEqual({ state: 'stopped', batchNos: [] });
    const noProvider = await makeCampsite(db);
    const ownList = (await listWithMembers(db, noProvider.id, [{}])).list;
    expect((await failure(startNewsletter(ctxFor(db, { campsiteId: noProvider.id }), { listId: ownList.id, subject: 'x', html: 'y' }))).kind).toBe('conflict');
    const [mine] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(mine).toMatchObject({ status: 'sending', campingId: campsiteId });
  });
});
