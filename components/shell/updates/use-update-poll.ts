'use client';

import { useEffect, useRef } from 'react';
import { FIRST_CHECK_MS, POLL_INTERVAL_MS } from '../notifications/use-notification-poll';

export type PopupUpdate = { id: string; title: string; html: string };

const STATUS_URL = '/novita/stato';

/** null: a passing failure (try again later); 'stop': no session or no updates for this account. */
async function fetchLatest(signal: AbortSignal): Promise<PopupUpdate | null | 'none' | 'stop'> {
  try {
    // Revalidated with the ETag the browser holds: an unchanged poll comes back as 304.
    const response = await fetch(STATUS_URL, { cache: 'no-cache', signal, headers: { accept: 'application/json' } });
    if (response.status === 401 || response.status === 403) return 'stop';
    if (!response.ok) return null;
    const body = (await response.json()) as { update: PopupUpdate | null };
    return body.update ?? 'none';
  } catch {
    return null;
  }
}

/**
 * The product-update poll on the bell's schedule (first check 1.5 s after load, then every 30 s),
 * only while the tab is visible and no update is on screen.
 */
export function useUpdatePoll(showing: boolean, onUpdate: (update: PopupUpdate) => void) {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });

  useEffect(() => {
    if (showing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const controller = new AbortController();
    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(check, delay);
    };
    async function check() {
      if (document.hidden) return;
      const outcome = await fetchLatest(controller.signal);
      if (stopped) return;
      if (outcome === 'stop') return void (stopped = true);
      if (outcome && outcome !== 'none') return latest.current(outcome);
      schedule(POLL_INTERVAL_MS);
    }
    const onVisibility = () => (document.hidden ? clearTimeout(timer) : schedule(FIRST_CHECK_MS));
    schedule(FIRST_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [showing]);
}
