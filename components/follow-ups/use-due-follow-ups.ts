'use client';

import { useEffect, useState } from 'react';
import { upcomingFollowUpsAction } from '@/app/(staff)/promemoria/actions';
import { useVisiblePoll } from '@/components/ui/use-visible-poll';
import type { FollowUpView } from '@/lib/follow-ups/view';
import { FOLLOW_UPS_CHANGED } from './events';

/** How often the browser looks again at the due times it holds. */
const TICK_MS = 30_000;

/**
 * My open follow-ups due in the next day and a half, counted against the browser's clock: the
 * server sends the due times, the page decides which have come, so a follow-up set for tomorrow
 * rings tomorrow without a job or a write, and the page clock of a test moves it too.
 */
export function useDueFollowUps(initial: FollowUpView[]) {
  const [items, setItems] = useState(initial);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useVisiblePoll(
    async () => {
      const answer = await upcomingFollowUpsAction({});
      if (answer.ok) {
        setItems(answer.data);
        setNow(Date.now());
      }
    },
    { wakeEvent: FOLLOW_UPS_CHANGED },
  );
  const due = items.filter((item) => Date.parse(item.dueAt) <= now);
  return { due, remove: (id: string) => setItems((current) => current.filter((item) => item.id !== id)) };
}
