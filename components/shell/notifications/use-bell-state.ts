'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fetchPage } from './api';
import { BELL_PAGE_SIZE, type BellData, type BellStatus } from './types';
import { useNotificationPoll } from './use-notification-poll';

/**
 * The bell's data: counts and the visible page, first from the server render, then from the poll.
 * A changed stamp refreshes the counts at once and the visible page as soon as the panel is open.
 */
export function useBellState(initial: BellData, opened: boolean) {
  const t = useTranslations('bell');
  const [status, setStatus] = useState(initial.status);
  const [page, setPage] = useState(initial.page);
  const [stale, setStale] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const statusRef = useRef(status);
  const request = useRef(0);

  const adopt = useCallback((next: BellStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  // A re-rendered layout (after some server action) brings fresher counts than ours.
  const [serverStamp, setServerStamp] = useState(initial.status.stamp);
  if (initial.status.stamp !== serverStamp) {
    setServerStamp(initial.status.stamp);
    setStatus(initial.status);
    setStale(true);
  }

  // The poll's callback compares with the latest counts: those committed, or adopted since.
  useLayoutEffect(() => {
    statusRef.current = status;
  }, [status]);

  useNotificationPoll((next) => {
    const previous = statusRef.current;
    if (next.stamp === previous.stamp) return;
    adopt(next);
    setStale(true);
    if (next.unread > previous.unread) setAnnouncement(t('arrived', { count: next.unread }));
  });

  const load = useCallback(
    async (wanted: number) => {
      let index = wanted;
      for (;;) {
        const mine = ++request.current;
        setLoading(true);
        const data = await fetchPage(index);
        if (mine !== request.current) return;
        setLoading(false);
        if (!data || data === 'stop') return setError(t('loadError'));
        setError(null);
        const last = Math.max(0, Math.ceil(data.page.count / BELL_PAGE_SIZE) - 1);
        // Fewer notifications than before (read elsewhere, quote deleted): show the last page there is.
        if (data.page.items.length === 0 && index > last) {
          index = last;
          continue;
        }
        adopt(data.status);
        setPage(data.page);
        setStale(false);
        return;
      }
    },
    [adopt, t],
  );

  useEffect(() => {
    // Loading here (not in the poll) keeps a closed panel from costing list queries.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() fetches the page and sets its loading flag as the request starts
    if (opened && stale) void load(page.index);
  }, [opened, stale, load, page.index]);

  /** After a mark action: the answer's counts, the rows shown as read at once, then a fresh page. */
  const markedRead = useCallback(
    (ids: string[], next: BellStatus) => {
      adopt(next);
      setPage((current) => ({ ...current, items: current.items.map((item) => (ids.includes(item.id) ? { ...item, read: true } : item)) }));
      setStale(true);
    },
    [adopt],
  );

  return { status, page, loading, error, announcement, goTo: load, markedRead };
}
