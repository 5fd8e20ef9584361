import type { FollowUpItem } from './service';

/** A follow-up as the browser receives it: dates as ISO text, and where a click leads. */
export type FollowUpView = Omit<FollowUpItem, 'dueAt' | 'doneAt'> & { dueAt: string; doneAt: string | null; href: string | null };

export function followUpHref(item: Pick<FollowUpItem, 'subject' | 'quoteId' | 'contactId'>): string | null {
  if (item.quoteId) return item.subject === 'request' ? `/richieste/preview/${encodeURIComponent(item.quoteId)}` : `/preventivi/${encodeURIComponent(item.quoteId)}`;
  return item.contactId ? `/clienti/${encodeURIComponent(item.contactId)}` : null;
}

export const toFollowUpView = (item: FollowUpItem): FollowUpView => ({
  ...item,
  dueAt: item.dueAt.toISOString(),
  doneAt: item.doneAt ? item.doneAt.toISOString() : null,
  href: followUpHref(item),
});
