import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { notifications } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { insertNotifications, makeNotificationsAccount } from '../helpers/notifications';

type LegacyNotification = { _id: string; group: string; title: string; desc: string; date: string; link: { idPreventivo: string | null; idCliente: string | null }; read: boolean };
type NotificationsResult = { notif: LegacyNotification[]; count: number };

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

/** A campsite with 12 notifications (the 4 newest unread) pointing at one quote, and its admin's token. */
async function account() {
  const made = await makeNotificationsAccount(db);
  const rows = await insertNotifications(db, made.campsite.id, { total: 12, unread: 4, link: { quoteId: made.quote.id, contactId: made.guest.id } });
  const token = await loginViaApi(dispatch, made.user.email);
  return { ...made, rows, token };
}

const unreadIds = async (campsiteId: string) =>
  (await db.select({ id: notifications.id, readAt: notifications.readAt }).from(notifications).where(eq(notifications.campingId, campsiteId)))
    .filter((row) => row.readAt === null)
    .map((row) => row.id)
    .sort();

describe('/getNotifications', () => {
  it('answers a page of 5 in the legacy shape, paged by index, with the total as count', async () => {
    const { token, rows, quote, guest } = await account();
    const first = await callApi(dispatch, 'POST', '/getNotifications', { token, body: { index: 0 } });
    expect(first.status, first.text).toBe(200);
    const result = first.json as NotificationsResult;
    expect(result.count).toBe(12);
    expect(result.notif).toHaveLength(5);
    expect(result.notif[0]).toEqual({
      _id: rows[0].id,
      group: rows[0].group,
      title: rows[0].title,
      desc: rows[0].description,
      date: rows[0].createdAt.toISOString(),
      link: { idPreventivo: quote.id, idCliente: guest.id },
      read: false,
    });
    expect(result.notif.map((item) => item.read)).toEqual([false, false, false, false, true]);

    const pages = await Promise.all([1, '2', 3].map((index) => callApi(dispatch, 'POST', '/getNotifications', { token, body: { index } })));
    expect(pages.map((page) => (page.json as NotificationsResult).notif.map((item) => item._id))).toEqual([
      rows.slice(5, 10).map((row) => row.id),
      rows.slice(10).map((row) => row.id),
      [],
    ]);
  });

  it('reads the first page without a body and refuses a negative or broken index', async () => {
    const { token, rows } = await account();
    const answer = await callApi(dispatch, 'POST', '/getNotifications', { token });
    expect((answer.json as NotificationsResult).notif[0]._id).toBe(rows[0].id);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getNotifications', { token, body: { index: -1 } }), 400);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getNotifications', { token, body: { index: 'primo' } }), 400);
  });
});

describe('/getNotificationsAll', () => {
  it('answers every notification of the campsite, and only those, with the total', async () => {
    const { token, rows } = await account();
    const other = await account();
    const answer = await callApi(dispatch, 'POST', '/getNotificationsAll', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.contentType).toContain('application/json');
    const result = answer.json as NotificationsResult;
    expect(result.count).toBe(12);
    expect(result.notif.map((item) => item._id)).toEqual(rows.map((row) => row.id));
    expect(result.notif.some((item) => other.rows.some((row) => row.id === item._id))).toBe(false);
  });
});

describe('/notifications/markAsRead/{id}', () => {
  it('marks one read', async () => {
    const { token, rows, campsite } = await account();
    const answer = await callApi(dispatch, 'POST', `/notifications/markAsRead/${rows[2].id}`, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(await unreadIds(campsite.id)).toEqual([rows[0].id, rows[1].id, rows[3].id].sort());
    // Again: still fine, still read.
    expect((await callApi(dispatch, 'POST', `/notifications/markAsRead/${rows[2].id}`, { token })).status).toBe(200);
  });

  it('does nothing, and answers ok, for an empty id', async () => {
    const { token, campsite } = await account();
    const before = await unreadIds(campsite.id);
    for (const path of ['/notifications/markAsRead/', '/notifications/markAsRead', ...['%20', 'undefined', 'null'].map((id) => `/notifications/markAsRead/${id}`)]) {
      const answer = await callApi(dispatch, 'POST', path, { token });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      expect(answer.json).toEqual({ ok: true });
    }
    expect(await unreadIds(campsite.id)).toEqual(before);
  });

  it('answers 404 for another campsite’s notification and leaves it unread', async () => {
    const mine = await account();
    const theirs = await account();
    const before = await unreadIds(theirs.campsite.id);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/notifications/markAsRead/${theirs.rows[0].id}`, { token: mine.token }), 404);
    expect(await unreadIds(theirs.campsite.id)).toEqual(before);
  });
});

describe('/notifications/markAllRead/', () => {
  it('marks every notification of the campsite read, and none of another', async () => {
    const mine = await account();
    const theirs = await account();
    const answer = await callApi(dispatch, 'POST', '/notifications/markAllRead/', { token: mine.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true, marked: 4 });
    expect(await unreadIds(mine.campsite.id)).toEqual([]);
    expect(await unreadIds(theirs.campsite.id)).toHaveLength(4);
    // Without the trailing slash it is the same call.
    expect((await callApi(dispatch, 'POST', '/notifications/markAllRead', { token: mine.token })).json).toEqual({ ok: true, marked: 0 });
  });
});

describe('pack level', () => {
  it('refuses every notification call to a service account (pack level 0) with 403', async () => {
    const { campsite, rows } = await account();
    const service = await makeUser(db, campsite.id, { packLevel: 0 });
    const token = await loginViaApi(dispatch, service.email);
    const before = await unreadIds(campsite.id);
    for (const path of ['/getNotifications', '/getNotificationsAll', `/notifications/markAsRead/${rows[0].id}`, '/notifications/markAllRead/']) {
      expectErrorAnswer(await callApi(dispatch, 'POST', path, { token, body: {} }), 403);
    }
    expect(await unreadIds(campsite.id)).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents the notification calls in their group', () => {
    const document = buildOpenApiDocument(legacyRoutes);
    for (const path of ['/getNotifications', '/getNotificationsAll', '/notifications/markAsRead/{id}', '/notifications/markAllRead/']) {
      const operation = document.paths[`/api${path}`]?.post as { tags: string[] } | undefined;
      expect(operation, path).toBeDefined();
      expect(operation!.tags).toEqual(['notifications-and-updates']);
    }
  });
});
