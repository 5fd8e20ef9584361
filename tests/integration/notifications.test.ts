import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { notifications } from '@/db/schema';
import { guestEvents, notify } from '@/lib/notifications/events';
import {
  listNotifications,
  markAllRead,
  markManyRead,
  markRead,
  notificationIdSchema,
  notificationStamp,
  walkNotifications,
} from '@/lib/notifications/service';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite } from '../helpers/fixtures';
import { insertNotifications, makeNotificationsAccount } from '../helpers/notifications';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const scope = (campsiteId: string) => ({ campsiteId });
const readStates = async (campsiteId: string) =>
  Object.fromEntries(
    (await db.select({ id: notifications.id, readAt: notifications.readAt }).from(notifications).where(eq(notifications.campingId, campsiteId))).map(
      (row) => [row.id, row.readAt?.toISOString() ?? null],
    ),
  );

describe('listNotifications', () => {
  it('pages by 5, newest first, with the total as count and the unread count', async () => {
    const campsite = await makeCampsite(db);
    const rows = await insertNotifications(db, campsite.id, { total: 12, unread: 7 });
    const pages = await Promise.all([0, 1, 2, 3].map((page) => listNotifications(ctxFor(db, scope(campsite.id)), { page })));
    expect(pages.map((page) => page.notif.map((item) => item.title))).toEqual([
      ['Notifica 12', 'Notifica 11', 'Notifica 10', 'Notifica 9', 'Notifica 8'],
      ['Notifica 7', 'Notifica 6', 'Notifica 5', 'Notifica 4', 'Notifica 3'],
      ['Notifica 2', 'Notifica 1'],
      [],
    ]);
    for (const page of pages) expect(page).toMatchObject({ count: 12, unread: 7, pageSize: 5 });
    expect(pages[0].notif[0]).toEqual({ ...rows[0], campingId: undefined, readAt: null });
  });

  it('keeps rows with the same time in a stable order: each shows on exactly one page', async () => {
    const campsite = await makeCampsite(db);
    const at = new Date('2026-05-01T10:00:00Z');
    await db.insert(notifications).values(Array.from({ length: 11 }, (_, i) => ({ campingId: campsite.id, group: 'preventivo' as const, title: `T${i}`, createdAt: at })));
    const seen = [];
    for (const page of [0, 1, 2]) seen.push(...(await listNotifications(ctxFor(db, scope(campsite.id)), { page })).notif.map((item) => item.id));
    expect(new Set(seen).size).toBe(11);
  });

  it('answers an empty page and zero counts for a campsite without notifications', async () => {
    const campsite = await makeCampsite(db);
    expect(await listNotifications(ctxFor(db, scope(campsite.id)))).toMatchObject({ notif: [], count: 0, unread: 0 });
    expect(await notificationStamp(ctxFor(db, scope(campsite.id)))).toEqual({ stamp: '0.0.', unread: 0, outstanding: 0 });
  });

  it('walks every notification once, newest first, across batches', async () => {
    const campsite = await makeCampsite(db);
    const rows = await insertNotifications(db, campsite.id, { total: 23, unread: 3 });
    const walked = [];
    for await (const item of walkNotifications(ctxFor(db, scope(campsite.id)), 5)) walked.push(item.id);
    expect(walked).toEqual(rows.map((row) => row.id));
  });
});

describe('notificationStamp', () => {
  it('stays the same while nothing changes, and changes on a new notification and on each read', async () => {
    const { campsite, tenant, guest, quote } = await makeNotificationsAccount(db);
    await insertNotifications(db, campsite.id, { total: 8, unread: 3, newestAt: new Date(Date.now() - 60_000) });
    const first = await notificationStamp(ctxFor(db, tenant));
    expect(first).toMatchObject({ unread: 3 });
    await listNotifications(ctxFor(db, tenant), { page: 1 });
    expect(await notificationStamp(ctxFor(db, tenant))).toEqual(first);

    await guestEvents.read(jobCtxFor(db, campsite.id), quote, guest);
    const afterNew = await notificationStamp(ctxFor(db, tenant));
    expect(afterNew.stamp).not.toBe(first.stamp);
    expect(afterNew.unread).toBe(4);

    const [newest] = (await listNotifications(ctxFor(db, tenant))).notif;
    expect(await markRead(ctxFor(db, tenant), newest.id)).toBe(true);
    const afterRead = await notificationStamp(ctxFor(db, tenant));
    expect(afterRead.stamp).not.toBe(afterNew.stamp);
    expect(afterRead.unread).toBe(3);

    // Reading it again, or an empty id, changes nothing.
    expect(await markRead(ctxFor(db, tenant), newest.id)).toBe(false);
    expect(await markRead(ctxFor(db, tenant), '')).toBe(false);
    expect(await notificationStamp(ctxFor(db, tenant))).toEqual(afterRead);

    expect(await markAllRead(ctxFor(db, tenant))).toBe(3);
    const afterAll = await notificationStamp(ctxFor(db, tenant));
    expect(afterAll).toMatchObject({ unread: 0, outstanding: 0 });
    expect(afterAll.stamp).not.toBe(afterRead.stamp);
  });

  it('changes when one is read and another arrives between two checks (same unread count)', async () => {
    const { campsite, tenant } = await makeNotificationsAccount(db);
    const [newest] = await insertNotifications(db, campsite.id, { total: 2, unread: 2, newestAt: new Date(Date.now() - 60_000) });
    const before = await notificationStamp(ctxFor(db, tenant));
    await markRead(ctxFor(db, tenant), newest.id);
    await notify(jobCtxFor(db, campsite.id), { group: 'preventivo', title: 'Preventivo letto', description: 'Nuova' });
    const after = await notificationStamp(ctxFor(db, tenant));
    expect(after.unread).toBe(before.unread);
    expect(after.stamp).not.toBe(before.stamp);
  });

  it('counts as outstanding only unread requests and acceptances', async () => {
    const campsite = await makeCampsite(db);
    for (const group of ['richiesta', 'preventivo', 'accettazione', 'preventivo'] as const) await notify(jobCtxFor(db, campsite.id), { group, title: group, description: '' });
    expect(await notificationStamp(ctxFor(db, scope(campsite.id)))).toMatchObject({ unread: 4, outstanding: 2 });
  });

  it('does not move for another campsite’s notifications', async () => {
    const mine = await makeCampsite(db);
    const other = await makeCampsite(db);
    await insertNotifications(db, mine.id, { total: 3, unread: 1 });
    const before = await notificationStamp(ctxFor(db, scope(mine.id)));
    const [theirs] = await insertNotifications(db, other.id, { total: 3, unread: 3 });
    await markRead(ctxFor(db, scope(other.id)), theirs.id);
    expect(await notificationStamp(ctxFor(db, scope(mine.id)))).toEqual(before);
  });
});

describe('marking read', () => {
  it('marks one; an empty id, blanks or a missing id from a script does nothing', async () => {
    const campsite = await makeCampsite(db);
    const rows = await insertNotifications(db, campsite.id, { total: 3, unread: 3 });
    const before = await readStates(campsite.id);
    for (const id of ['', '   ', 'undefined', 'null']) expect(await markRead(ctxFor(db, scope(campsite.id)), notificationIdSchema.parse(id))).toBe(false);
    expect(await readStates(campsite.id)).toEqual(before);
    expect(await markRead(ctxFor(db, scope(campsite.id)), rows[1].id)).toBe(true);
    const after = await readStates(campsite.id);
    expect(after[rows[1].id]).not.toBeNull();
    expect([after[rows[0].id], after[rows[2].id]]).toEqual([null, null]);
  });

  it('refuses another campsite’s id as not found and leaves it unread', async () => {
    const mine = await makeCampsite(db);
    const other = await makeCampsite(db);
    const [theirs] = await insertNotifications(db, other.id, { total: 1, unread: 1 });
    expect((await failure(markRead(ctxFor(db, scope(mine.id)), theirs.id))).status).toBe(404);
    expect((await failure(markRead(ctxFor(db, scope(mine.id)), 'inesistente'))).status).toBe(404);
    expect((await readStates(other.id))[theirs.id]).toBeNull();
  });

  it('marks the visible ones, skipping other campsites’ ids, and leaves the rest unread', async () => {
    const mine = await makeCampsite(db);
    const other = await makeCampsite(db);
    const rows = await insertNotifications(db, mine.id, { total: 8, unread: 8 });
    const theirs = await insertNotifications(db, other.id, { total: 2, unread: 2 });
    const otherBefore = await readStates(other.id);
    const visible = (await listNotifications(ctxFor(db, scope(mine.id)))).notif.map((item) => item.id);
    expect(await markManyRead(ctxFor(db, scope(mine.id)), [...visible, ...theirs.map((row) => row.id), '', visible[0]])).toBe(5);
    expect(await readStates(other.id)).toEqual(otherBefore);
    const unread = await db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.campingId, mine.id), isNull(notifications.readAt)));
    expect(unread.map((row) => row.id).sort()).toEqual(rows.slice(5).map((row) => row.id).sort());
    expect(await markManyRead(ctxFor(db, scope(mine.id)), visible)).toBe(0);
    expect(await markManyRead(ctxFor(db, scope(mine.id)), [])).toBe(0);
    expect((await failure(markManyRead(ctxFor(db, scope(mine.id)), Array.from({ length: 101 }, (_, i) => `id-${i}`)))).status).toBe(400);
  });

  it('marks all of the campsite and nothing of another', async () => {
    const mine = await makeCampsite(db);
    const other = await makeCampsite(db);
    await insertNotifications(db, mine.id, { total: 6, unread: 4 });
    await insertNotifications(db, other.id, { total: 3, unread: 3 });
    const readBefore = Object.entries(await readStates(mine.id)).filter(([, at]) => at !== null);
    expect(await markAllRead(ctxFor(db, scope(mine.id)))).toBe(4);
    expect(await markAllRead(ctxFor(db, scope(mine.id)))).toBe(0);
    const after = await readStates(mine.id);
    expect(Object.values(after).every((at) => at !== null)).toBe(true);
    // The ones read before keep their time.
    for (const [id, at] of readBefore) expect(after[id]).toBe(at);
    expect(Object.values(await readStates(other.id))).toEqual([null, null, null]);
  });
});
