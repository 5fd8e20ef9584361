import type { Database } from '@/db/client';
import { notifications, type NotificationGroup } from '@/db/schema';
import { makeGuest, makeQuotesAccount, quoteInput } from './quotes';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor } from './ctx';

type NotificationInsert = typeof notifications.$inferInsert;

const GROUPS: NotificationGroup[] = ['richiesta', 'preventivo', 'accettazione'];
const MINUTE_MS = 60_000;

/** A campsite with its admin, one guest and one quote, so notifications can point somewhere real. */
export async function makeNotificationsAccount(db: Database) {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant);
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Vacanza al lago', saveAs: 'bozza', cards: [{ typologyId: 'LA-PZ-STD' }] }), account.platform);
  return { ...account, guest, quote };
}

/**
 * `total` notifications one minute apart, the newest first in the returned list; the first
 * `unread` of them (the newest) unread. Groups rotate richiesta, preventivo, accettazione from the oldest.
 */
export async function insertNotifications(
  db: Database,
  campingId: string,
  options: { total: number; unread: number; newestAt?: Date; link?: { quoteId: string; contactId: string } },
): Promise<(typeof notifications.$inferSelect)[]> {
  const newest = (options.newestAt ?? new Date()).getTime();
  const rows: NotificationInsert[] = Array.from({ length: options.total }, (_, age) => {
    const createdAt = new Date(newest - age * MINUTE_MS);
    return {
      campingId,
      group: GROUPS[(options.total - 1 - age) % GROUPS.length],
      title: `Notifica ${options.total - age}`,
      description: `Descrizione ${options.total - age}`,
      quoteId: options.link?.quoteId ?? null,
      contactId: options.link?.contactId ?? null,
      readAt: age < options.unread ? null : new Date(createdAt.getTime() + MINUTE_MS / 2),
      createdAt,
    };
  });
  if (rows.length === 0) return [];
  const inserted = await db.insert(notifications).values(rows).returning();
  return inserted.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
