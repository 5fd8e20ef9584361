import type { BellData, BellItem } from '@/components/shell/notifications/types';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { listNotifications, notificationStamp, type NotificationRow } from '@/lib/notifications/service';

/** Where a click leads (spec section 4): quote preview for reads and acceptances, request preview for requests, the guest for a survey. */
export function notificationHref(row: Pick<NotificationRow, 'group' | 'quoteId' | 'contactId'>): string | null {
  if (row.group === 'opinione') return row.contactId ? `/clienti/${encodeURIComponent(row.contactId)}` : null;
  if (!row.quoteId) return null;
  const quote = encodeURIComponent(row.quoteId);
  if (row.group === 'richiesta') return `/richieste/preview/${quote}`;
  return row.contactId ? `/crea-preventivo/preview/${encodeURIComponent(row.contactId)}/${quote}` : null;
}

function toBellItem(row: NotificationRow): BellItem {
  return {
    id: row.id,
    group: row.group,
    title: row.title,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    href: notificationHref(row),
  };
}

/** The counts and one page of the panel; the layout renders the first with the page, so the count never flashes. */
export async function loadBellData(ctx: CampsiteCtx, index = 0): Promise<BellData> {
  const [status, page] = await Promise.all([notificationStamp(ctx), listNotifications(ctx, { page: index })]);
  return { status, page: { index: page.page, items: page.notif.map(toBellItem), count: page.count } };
}
