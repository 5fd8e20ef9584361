import type { NotificationGroup } from '@/lib/vocabulary/notification-groups';

/** The panel shows five at a time (spec section 2), as the server pages them. */
export const BELL_PAGE_SIZE = 5;

/** One notification as the bell shows it; href is its target page, null when the quote is gone. */
export type BellItem = {
  id: string;
  group: NotificationGroup;
  title: string;
  description: string;
  /** ISO 8601 */
  createdAt: string;
  read: boolean;
  href: string | null;
};

/** The polling answer: equal stamps mean nothing changed since the last check. */
export type BellStatus = { stamp: string; unread: number; outstanding: number };

export type BellPage = { index: number; items: BellItem[]; count: number };

/** What the layout renders the bell with, and what GET /notifiche answers. */
export type BellData = { status: BellStatus; page: BellPage };
