import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { italianDay, type DayRange } from './periods';

/** The lists a dashboard figure counts, with the filters that make them show the same rows. */
export function quotesHref(progress: readonly QuoteProgress[] = [], range?: DayRange): string {
  const query = new URLSearchParams();
  for (const value of progress) query.append('stato', value);
  if (range) {
    query.set('dal', italianDay(range.from));
    query.set('al', italianDay(range.to));
  }
  const text = query.toString();
  return text ? `/preventivi?${text}` : '/preventivi';
}

export const CONTACTS_HREF = '/clienti';
export const REQUESTS_HREF = '/richieste?vista=tutte';
export const MAIL_HREF = '/mail';
