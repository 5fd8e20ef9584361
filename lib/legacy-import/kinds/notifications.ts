import { count, eq } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import { legacyNotificationSchema } from '@/lib/legacy-api/shapes/notification';
import { z } from '@/lib/validation';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';
import { presentHere } from './present';
import { nextCursor, resumeFrom } from './paging';

const PAGE = 200;
const allAnswer = z.object({ notif: z.array(z.unknown()), count: z.number() }).loose();

/**
 * Notifiche. Kept: every notification whose quote and guest came across, read or not, with its
 * words, group and date: the bell is the staff's record of what guests did (requests, acceptances,
 * questions) and its unread ones are work still to do. Left out, with the reason: one whose quote
 * or guest is not here, because it would open nothing (and the bell's links need them).
 * Imported as they are, never through the code that announces a new one: only an unread one
 * counts in the bell, as it did there. Whether it was read is taken on the first import only: a
 * notification read here afterwards is not made unread again by a later run.
 */
export const notificationsKind: LegacyKind = {
  name: 'notifiche',
  label: 'Notifiche',
  async *pages(client, from) {
    // One answer (the old system streams it), newest first: oldest first here, so a notification
    // arriving during the import comes at the end and a resumed run's count of done ones holds.
    const all = (await client.json('POST', '/getNotificationsAll', allAnswer)).notif.reverse();
    for (const { index, items } of resumeFrom(all, from.cursor, PAGE)) yield { items, cursor: nextCursor(index, all.length) };
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('notifiche', items, legacyNotificationSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const contactsHere = await presentHere(ctx, 'contatti', records.map((row) => row.link.idCliente));
    const quotesHere = await presentHere(ctx, 'preventivi', records.map((row) => row.link.idPreventivo));
    const rows = [];
    for (const notification of records) {
      const contactId = notification.link.idCliente === null ? null : ctx.ids.resolve('contatti', notification.link.idCliente);
      const quoteId = notification.link.idPreventivo === null ? null : ctx.ids.resolve('preventivi', notification.link.idPreventivo);
      if (contactId !== null && !contactsHere.has(contactId)) {
        skipped.push({ kind: 'notifiche', oldId: notification._id, reason: `il cliente ${notification.link.idCliente} non è stato importato` });
        continue;
      }
      if (quoteId !== null && !quotesHere.has(quoteId)) {
        skipped.push({ kind: 'notifiche', oldId: notification._id, reason: `il preventivo ${notification.link.idPreventivo} non è stato importato` });
        continue;
      }
      const at = new Date(notification.date);
      rows.push({
        id: notification._id,
        campingId: ctx.campsiteId,
        group: notification.group,
        title: notification.title,
        description: notification.desc,
        quoteId,
        contactId,
        // The old system says whether, not when: read at its own date.
        readAt: notification.read ? at : null,
        createdAt: at,
      });
    }
    const outcome = await upsertKeepingIds(ctx, notifications, 'notifiche', rows, ['group', 'title', 'description', 'quoteId', 'contactId', 'createdAt']);
    return { written: outcome.written.length, unchanged: outcome.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.campingId, campsiteId));
    return row.n;
  },
};
