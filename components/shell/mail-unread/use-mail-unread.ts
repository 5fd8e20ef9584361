'use client';

import { useRef, useState } from 'react';
import { useVisiblePoll } from '@/components/ui/use-visible-poll';

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

  // Only the newest answer counts: a poll sent before a mark must not bring back the old number.
  const latest = useRef(0);
  useVisiblePoll(
    async (signal) => {
      const mine = ++latest.current;
      try {
        const response = await fetch(MAIL_UNREAD_URL, { cache: 'no-cache', signal, headers: { accept: 'application/json' } });
        if (response.status === 401 || response.status === 403) return 'stop';
        if (response.ok) {
          const body = (await response.json()) as { unread: number | null };
          if (mine === latest.current) setCount(body.unread);
        }
      } catch {
        // Offline or aborted: the next poll tries again.
      }
    },
    { enabled: initial !== null, wakeEvent: MAIL_UNREAD_CHANGED },
  );

  return count;
}
