import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campaigns } from '@/db/schema';
import { loadCampaignDetail } from '@/lib/campaigns/detail';
import { listCampaigns } from '@/lib/campaigns/service';
import { getCampaignStats, getLinkStats, getRealtimeSeries, TOO_MUCH_DATA } from '@/lib/campaigns/stats';
import { AppError } from '@/lib/errors';
import { cancelNewsletter } from '@/lib/newsletter/campaign-control';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { fanOutNewsletter } from '@/lib/newsletter/fan-out';
import { insertEvents, makeMailingCampsite, makeSentNewsletter } from '../helpers/campaigns';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { campsiteWithProvider, listWithMembers } from '../helpers/newsletters';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('campaign stats', () => {
  it('counts each recipient once per kind and gives rates over sent and delivered', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campaign, contacts: people } = await makeSentNewsletter(db, campsite.id, { size: 4 });
    const [a, b, c, d] = people.map((person) => person.id);
    await insertEvents(db, campsite.id, campaign.id, [
      { kind: 'delivered', contactId: a },
      { kind: 'delivered', contactId: b },
      { kind: 'delivered', contactId: c },
      { kind: 'bounce', contactId: d },
      { kind: 'open', contactId: a },
      { kind: 'open', contactId: a },
      { kind: 'open', contactId: b },
      { kind: 'click', contactId: a, url: 'https://x.test/1' },
      { kind: 'click', contactId: a, url: 'https://x.test/1' },
      { kind: 'click', contactId: b, url: 'https://x.test/1' },
      { kind: 'click', contactId: b, url: 'https://x.test/2' },
      { kind: 'spam', contactId: c },
      { kind: 'unsub', contactId: c },
      { kind: 'delayed', contactId: d },
    ]);
    const stats = await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id });
    expect(stats).toEqual({
      campaignId: campaign.id,
      sent: 4,
      delivered: 3,
      opened: 2,
      opens: 3,
      clicked: 2,
      clicks: 4,
      bounced: 1,
      complained: 1,
      delayed: 1,
      unsubscribed: 1,
      rates: { delivered: 0.75, opened: 0.6667, clicked: 0.6667, bounced: 0.25, complained: 0.3333, unsubscribed: 0.3333 },
    });
    expect(await getLinkStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).toEqual([
      { url: 'https://x.test/1', clicks: 3, recipients: 2 },
      { url: 'https://x.test/2', clicks: 1, recipients: 1 },
    ]);
  });

  it('a newsletter without events has zero rates, never NaN', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campaign } = await makeSentNewsletter(db, campsite.id, { size: 2, status: 'sending' });
    const stats = await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id });
    expect(stats).toMatchObject({ sent: 0, delivered: 0, opened: 0, rates: { delivered: 0, opened: 0, clicked: 0, bounced: 0 } });
    expect(await getLinkStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).toEqual([]);
  });

  it('the realtime series counts per day (Europe/Rome) or per five minutes, with empty buckets filled', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campaign, contacts: people } = await makeSentNewsletter(db, campsite.id, { size: 2 });
    const [a, b] = people.map((person) => person.id);
    await insertEvents(db, campsite.id, campaign.id, [
      // 23:30 UTC on 1 June is 01:30 on 2 June in Rome.
      { kind: 'delivered', contactId: a, at: new Date('2026-06-01T23:30:00Z') },
      { kind: 'delivered', contactId: b, at: new Date('2026-06-02T08:00:00Z') },
      { kind: 'open', contactId: a, at: new Date('2026-06-02T08:03:00Z') },
      { kind: 'open', contactId: b, at: new Date('2026-06-04T09:00:00Z') },
      { kind: 'click', contactId: b, at: new Date('2026-06-04T09:01:00Z'), url: 'https://x.test' },
    ]);
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const ids = { campaignId: campaign.id };
    const days = await getRealtimeSeries(ctx, { ...ids, mode: 'day', from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-04T20:00:00Z') });
    expect(days.buckets.map((bucket) => [bucket.at, bucket.delivered, bucket.open, bucket.click])).toEqual([
      ['2026-06-01', 0, 0, 0],
      ['2026-06-02', 2, 1, 0],
      ['2026-06-03', 0, 0, 0],
      ['2026-06-04', 0, 1, 1],
    ]);
    const minutes = await getRealtimeSeries(ctx, { ...ids, mode: '5min', from: new Date('2026-06-02T07:58:00Z'), to: new Date('2026-06-02T08:12:00Z') });
    expect(minutes.buckets.map((bucket) => [bucket.at, bucket.delivered, bucket.open])).toEqual([
      ['2026-06-02T07:55:00.000Z', 0, 0],
      ['2026-06-02T08:00:00.000Z', 1, 1],
      ['2026-06-02T08:05:00.000Z', 0, 0],
      ['2026-06-02T08:10:00.000Z', 0, 0],
    ]);
  });

  it('refuses more than 100 days in day mode and more than 8 hours in 5-minute mode with the spec’s message', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campaign } = await makeSentNewsletter(db, campsite.id);
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const ids = { campaignId: campaign.id };
    const from = new Date('2026-01-01T00:00:00Z');
    await expect(getRealtimeSeries(ctx, { ...ids, mode: 'day', from, to: new Date(from.getTime() + 100 * DAY) })).resolves.toBeTruthy();
    await expect(getRealtimeSeries(ctx, { ...ids, mode: '5min', from, to: new Date(from.getTime() + 8 * HOUR) })).resolves.toBeTruthy();
    for (const [mode, span] of [
      ['day', 100 * DAY + 1000],
      ['5min', 8 * HOUR + 1000],
    ] as const) {
      const refusal = await getRealtimeSeries(ctx, { ...ids, mode, from, to: new Date(from.getTime() + span) }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ kind: 'bad_request', message: TOO_MUCH_DATA });
    }
    expect(TOO_MUCH_DATA).toBe(
      'Stai cercando di visualizzare troppi dati, prova con un periodo più breve. Puoi visualizzare solo 100 giorni in modalità "Giorno", fino a 8 ore in modalità 5-min.',
    );
    // Without a period: from the start of the newsletter, within the limits.
    const fallback = await getRealtimeSeries(ctx, { ...ids, mode: '5min' });
    expect(fallback.buckets.length).toBeGreaterThan(0);
  });

  it('another campsite’s newsletter is not found; the list is the campsite’s own, newest first, paged by keyset', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campsite: other } = await makeMailingCampsite(db);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await makeSentNewsletter(db, campsite.id, { subject: `N${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })).campaign);
    const foreign = (await makeSentNewsletter(db, other.id)).campaign;
    await expect(getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: foreign.id })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getLinkStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: foreign.id })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getRealtimeSeries(ctxFor(db, { campsiteId: campsite.id }), { campaignId: foreign.id, mode: 'day' })).rejects.toMatchObject({ kind: 'not_found' });
    const first = await listCampaigns(ctxFor(db, { campsiteId: campsite.id }), { limit: 3 });
    expect(first.items.map((row) => row.subject)).toEqual(['N4', 'N3', 'N2']);
    expect(first.items[0]).toMatchObject({ listName: expect.stringMatching(/^Lista /), sentCount: 3, stats: { sent: 3, rates: { opened: 0 } } });
    const second = await listCampaigns(ctxFor(db, { campsiteId: campsite.id }), { limit: 3, cursor: first.nextCursor });
    expect(second.items.map((row) => row.subject)).toEqual(['N1', 'N0']);
    expect(second.nextCursor).toBeNull();
  });

  it('the page loader gives progress, stats, links and a day series; another campsite’s newsletter gives nothing', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campsite: other } = await makeMailingCampsite(db);
    const { campaign, contacts: people } = await makeSentNewsletter(db, campsite.id, { size: 2 });
    await insertEvents(db, campsite.id, campaign.id, [{ kind: 'click', contactId: people[0].id, url: 'https://x.test/a' }]);
    const detail = await loadCampaignDetail(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id });
    expect(detail).toMatchObject({
      campaign: { id: campaign.id, subject: 'Offerte di primavera', listName: expect.stringMatching(/^Lista /) },
      progress: { status: 'sent', sent: 2, queued: 0 },
      stats: { clicked: 1 },
      links: [{ url: 'https://x.test/a', clicks: 1, recipients: 1 }],
      series: { mode: 'day' },
    });
    expect(detail!.series.buckets.reduce((sum, bucket) => sum + bucket.click, 0)).toBe(1);
    expect(await loadCampaignDetail(ctxFor(db, { campsiteId: other.id }), { campaignId: campaign.id })).toBeNull();
  });

  it('the header reads the subject as the staff wrote it and says a newsletter sent at once is being sent, not scheduled', async () => {
    const { campsite } = await makeMailingCampsite(db);
    const { campaign } = await makeSentNewsletter(db, campsite.id, { size: 2, status: 'sending', subject: 'Offerte d’autunno, {{nome}}' });
    // "Invia subito" stores the moment it was started as its time (lib/newsletter/campaign-start.ts).
    await db.update(campaigns).set({ scheduledAt: campaign.startedAt }).where(eq(campaigns.id, campaign.id));
    const detail = await loadCampaignDetail(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id });
    expect(detail!.campaign.title).toBe('Offerte d’autunno, [Nome del cliente]');
    expect(detail!.campaign.when).toEqual({ key: 'sendingSince', date: campaign.startedAt });
    // Still waiting for its time: programmed; once sent: sent.
    const later = new Date(Date.now() + DAY);
    await db.update(campaigns).set({ status: 'scheduled', scheduledAt: later, startedAt: null }).where(eq(campaigns.id, campaign.id));
    expect((await loadCampaignDetail(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id }))!.campaign.when).toEqual({ key: 'scheduledFor', date: later });
    const sentAt = new Date();
    await db.update(campaigns).set({ status: 'sent', sentAt }).where(eq(campaigns.id, campaign.id));
    expect((await loadCampaignDetail(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id }))!.campaign.when).toEqual({ key: 'sentOn', date: sentAt });
  });

  it('a cancelled newsletter says how many of the skipped the cancellation left out, apart from those the list could not reach', async () => {
    const campsite = await campsiteWithProvider(db);
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const { list } = await listWithMembers(db, campsite.id, [{}, {}, {}, { newsletterOptOutAt: new Date() }, { email: null }]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Offerte, {{nome}}', html: '<p>Ciao</p>' });
    await fanOutNewsletter(ctx, { campaignId });
    const sending = (await loadCampaignDetail(ctx, { campaignId }))!.progress;
    expect(sending).toMatchObject({ recipients: 3, queued: 3, skipped: 2, cancelled: 0 });
    await cancelNewsletter(ctx, { campaignId });
    const progress = (await loadCampaignDetail(ctx, { campaignId }))!.progress;
    // Five on the list: none reached, two unreachable (opted out, no address), three left out by the cancellation.
    expect(progress).toMatchObject({ status: 'cancelled', recipients: 0, sent: 0, queued: 0, skipped: 5, cancelled: 3 });
    expect(progress.recipients + progress.skipped).toBe(5);
  });
});
