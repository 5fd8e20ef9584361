import { formatDateTime } from '@/lib/format';
import type { TimelineItem, TimelinePage } from '@/lib/mailbox/timeline';

export const CONTACT_MAILS_PAGE = 20;

/** One line of the contact's mail history, ready for the browser (the date already in Europe/Rome). */
export type TimelineRow = Omit<TimelineItem, 'date'> & { date: string; key: string };
export type TimelineRowsPage = { rows: TimelineRow[]; nextCursor: string | null };

export const toTimelineRows = (page: TimelinePage): TimelineRowsPage => ({
  rows: page.items.map((item) => ({ ...item, key: `${item.kind}:${item.id}`, date: formatDateTime(item.date) })),
  nextCursor: page.nextCursor,
});
