'use client';

import { useEffect, useState } from 'react';
import { FIRST_CHECK_MS, POLL_INTERVAL_MS } from '../notifications/use-notification-poll';

export const MAIL_UNREAD_URL = '/api/internal/mail-unread';
/** Sent on window by whatever marks mail read or unread: the badge asks for the count at once. */
export const MAIL_UNREAD_CHANGED = 'crm:mail-unread-changed';

export function announceMailUnreadChanged() {
  window.dispatchEvent(new Event(MAIL_UNREAD_CHANGED));
}

/**
 * The unread mail count of the navbar: first from the layout, then from a poll on the bell's
 * schedule, only while the tab is visible. A re-rendered layout (after marking a mail read)
 * brings a fresher count than the last poll. Null: no mailbox, no poll.
 */
export function useMailUnread(initial: number | null): number | null {
  const [count, setCount] = useState(initial);
  const [fromServer, setFromServer] = useState(initial);
  if (initial !== fromServer) {
    setFromServer(initial);
    setCount(initial);
  }

  const polling = initial !== null;
  useEffect(() => {
    if (!polling) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastCheck = 0;
    let latest = 0;
    const controller = new AbortController();
    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(check, delay);
    };
    async function check() {
      lastCheck = Date.now();
      // Only the newest answer counts: a poll sent before a mark must not bring back the old number.
      const mine = ++latest;
      try {
        const response = await fetch(MAIL_UNREAD_URL, { cache: 'no-cache', signal: controller.signal, headers: { accept: 'application/json' } });
        if (response.status === 401 || response.status === 403) stopped = true;
        else if (response.ok) {
          const body = (await response.json()) as { unread: number | null };
          if (mine === latest) setCount(body.unread);
        }
      } catch {
        // Offline or aborted: the next poll tries again.
      }
      schedule(POLL_INTERVAL_MS);
    }
    const onVisibility = () => {
      if (document.hidden) return clearTimeout(timer);
      schedule(lastCheck === 0 ? FIRST_CHECK_MS : Math.max(0, POLL_INTERVAL_MS - (Date.now() - lastCheck)));
    };
    const onChanged = () => schedule(0);
    schedule(FIRST_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener(MAIL_UNREAD_CHANGED, onChanged);
    return () => {
      window.removeEventListener(MAIL_UNREAD_CHANGED, onChanged);
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [polling]);

  return count;
}
