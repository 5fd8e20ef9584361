import { contactListHref } from '@/lib/contacts/list-params';
import { outboxListHref } from '@/lib/mail/outbox-list-params';
import { quoteListHref, type GuestKind } from '@/lib/quotes/list-params';
import { requestListHref } from '@/lib/quotes/request-list-params';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { italianDay, type DayRange } from './periods';

/**
 * The lists a dashboard figure counts, with the filters that make them show exactly its rows:
 * each list's own address builder, so the list reads back what the figure meant (period included).
 * tests/integration/dashboard-links.test.ts follows every figure's link and counts.
 */
export function quotesHref(progress: readonly QuoteProgress[] = [], range?: DayRange, only: { nationId?: number; guests?: GuestKind } = {}): string {
  return quoteListHref({
    progress: [...progress],
    dateFrom: range ? italianDay(range.from) : undefined,
    dateTo: range ? italianDay(range.to) : undefined,
    nationId: only.nationId,
    guests: only.guests,
  });
}

/** Contacts, all or of one nationality (0: not given). */
export const contactsHref = (nationId?: number) => contactListHref({ search: '', dateFrom: '', dateTo: '', nationId: nationId ?? null, sort: 'recenti' });

/** Every request received on the days of the range, answered or not. */
export const requestsHref = (range: DayRange) => requestListHref({ scope: 'all', search: '', dateFrom: italianDay(range.from), dateTo: italianDay(range.to) });

/** The mails that left on the days of the range. */
export const mailsHref = (range: DayRange) => outboxListHref({ sentOnly: true, dateFrom: italianDay(range.from), dateTo: italianDay(range.to) });
