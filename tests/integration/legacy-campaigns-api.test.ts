import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campaigns, mailingLists } from '@/db/schema';
import { TOO_MUCH_DATA } from '@/lib/campaigns/stats';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { eq } from 'drizzle-orm';
import { insertEvents, makeMailingCampsite, makeSentNewsletter } from '../helpers/campaigns';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function account() {
  const { campsite } = await makeMailingCampsite(db);
  const user = await makeUser(db, campsite.id, { packLevel: 10 });
  const token = await loginViaApi(dispatch, user.email);
  const call = (path: string, body?: unknown) => callApi(dispatch, 'POST', path, { token, body });
  return { campsite, user, token, call };
}

describe('legacy campaign calls', () => {
  it('/addCampaign creates a draft on one of the campsite’s lists; /getCampaigns/all lists the campsite’s own', async () => {
    const { campsite, call } = await account();
    const other = await account();
    const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Clienti 2025' }).returning();
    const [foreignList] = await db.insert(mailingLists).values({ campingId: other.campsite.id, name: 'Altrui' }).returning();
    const created = await call('/addCampaign', { subject: 'Apertura stagione', html: '<p>Vi aspettiamo</p>', list: list.id, _id: 'ignorato' });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      _id: expect.any(String),
      camping: campsite.id,
      subject: 'Apertura stagione',
      html: '<p>Vi aspettiamo</p>',
      list: list.id,
      status: 'draft',
      sentCount: 0,
      __v: 0,
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const id = (created.json as { _id: string })._id;
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ campingId: campsite.id, status: 'draft', listId: list.id });

    expect(expectErrorAnswer(await call('/addCampaign', { subject: 'X', html: '', list: foreignList.id }), 404)).toBe('Lista non trovata.');
    expectErrorAnswer(await call('/addCampaign', { html: '<p>x</p>', list: list.id }), 400);
    expectErrorAnswer(await call('/addCampaign', { subject: 'Senza lista' }), 400);

    await makeSentNewsletter(db, other.campsite.id);
    const all = await call('/getCampaigns/all');
    expect(all.status).toBe(200);
    const items = all.json as { _id: string; camping: string; listName: string; stats: { sent: number } }[];
    expect(items.map((item) => item._id)).toEqual([id]);
    expect(items[0]).toMatchObject({ camping: campsite.id, listName: 'Clienti 2025', stats: { sent: 0 } });
  });

  it('stats, link stats and the realtime chart of one newsletter; another campsite’s is 404', async () => {
    const { campsite, call } = await account();
    const other = await account();
    const { campaign, contacts: people } = await makeSentNewsletter(db, campsite.id, { size: 2 });
    const foreign = (await makeSentNewsletter(db, other.campsite.id)).campaign;
    const at = new Date('2026-05-10T10:02:00Z');
    await insertEvents(db, campsite.id, campaign.id, [
      { kind: 'delivered', contactId: people[0].id, at },
      { kind: 'delivered', contactId: people[1].id, at },
      { kind: 'open', contactId: people[0].id, at },
      { kind: 'click', contactId: people[0].id, at, url: 'https://campeggio.test/piscina' },
      { kind: 'click', contactId: people[0].id, at, url: 'https://campeggio.test/piscina' },
    ]);

    const stats = await call(`/getCampaignsStats/${campaign.id}`);
    expect(stats.status, stats.text).toBe(200);
    expect(stats.json).toMatchObject({ _id: campaign.id, camping: campsite.id, stats: { sent: 2, delivered: 2, opened: 1, clicked: 1, clicks: 2, rates: { opened: 0.5 } } });
    const synch = await call('/getCampaigns/synchMailjet', { custCamp: campaign.id });
    expect(synch.json).toMatchObject({ custCamp: campaign.id, sent: 2, delivered: 2, opened: 1, rates: { delivered: 1, opened: 0.5, clicked: 0.5 } });
    const links = await call('/getCampaigns/synchMailjet/linkStats', { custCamp: campaign.id });
    expect(links.json).toEqual([{ url: 'https://campeggio.test/piscina', clicks: 2, uniqueClicks: 1 }]);

    const realtime = await call('/getCampaigns/synchMailjet/realtime', { custCamp: campaign.id, mode: '5-min', from: '2026-05-10T10:00:00Z', to: '2026-05-10T10:10:00Z' });
    expect(realtime.status, realtime.text).toBe(200);
    expect((realtime.json as { buckets: { at: string; delivered: number; open: number; click: number }[] }).buckets).toEqual([
      expect.objectContaining({ at: '2026-05-10T10:00:00.000Z', delivered: 2, open: 1, click: 2 }),
      expect.objectContaining({ at: '2026-05-10T10:05:00.000Z', delivered: 0 }),
      expect.objectContaining({ at: '2026-05-10T10:10:00.000Z', delivered: 0 }),
    ]);
    const days = await call('/getCampaigns/synchMailjet/realtime', { custCamp: campaign.id, mode: 'Day', from: Date.parse('2026-05-01T00:00:00Z'), to: '2026-05-20T00:00:00Z' });
    expect(days.status, days.text).toBe(200);
    expect((days.json as { mode: string; buckets: unknown[] }).mode).toBe('day');

    expect(expectErrorAnswer(await call('/getCampaigns/synchMailjet/realtime', { custCamp: campaign.id, mode: 'Day', from: '2026-01-01', to: '2026-05-01' }), 400)).toBe(
      TOO_MUCH_DATA,
    );
    expect(
      expectErrorAnswer(await call('/getCampaigns/synchMailjet/realtime', { custCamp: campaign.id, mode: '5-min', from: '2026-05-10T00:00:00Z', to: '2026-05-10T08:00:01Z' }), 400),
    ).toBe(TOO_MUCH_DATA);
    expectErrorAnswer(await call('/getCampaigns/synchMailjet/realtime', { custCamp: campaign.id, mode: 'settimana' }), 400);
    expectErrorAnswer(await call('/getCampaigns/synchMailjet', {}), 400);

    // Each answer has the shape the OpenAPI document announces.
    const documented = (path: string) => legacyRoutes.find((route) => route.path === path)!.response!;
    documented('/getCampaignsStats/{id}').parse(stats.json);
    documented('/getCampaigns/synchMailjet').parse(synch.json);
    documented('/getCampaigns/synchMailjet/linkStats').parse(links.json);
    documented('/getCampaigns/synchMailjet/realtime').parse(realtime.json);
    documented('/getCampaigns/all').parse((await call('/getCampaigns/all')).json);

    for (const [path, body] of [
      [`/getCampaignsStats/${foreign.id}`, undefined],
      ['/getCampaigns/synchMailjet', { custCamp: foreign.id }],
      ['/getCampaigns/synchMailjet/linkStats', { custCamp: foreign.id }],
      ['/getCampaigns/synchMailjet/realtime', { custCamp: foreign.id, mode: 'Day' }],
    ] as const) {
      expect(expectErrorAnswer(await call(path, body), 404), path).toBe('Newsletter non trovata.');
    }
  });
});
