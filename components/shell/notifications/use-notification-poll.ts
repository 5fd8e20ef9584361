'use client';

import { useEffect, useRef } from 'react';
import { fetchStatus } from './api';
import type { BellStatus } from './types';

/** Spec section 4: first check 1.5 s after load, then every 30 s. */
export const FIRST_CHECK_MS = 1_500;
export const POLL_INTERVAL_MS = 30_000;

/**
 * Asks the server for the cheap status on the spec's schedule, only while the tab is visible: a
 * hidden tab costs nothing, and coming back checks at once if a period went by meanwhile.
 */
export function useNotificationPoll(onStatus: (status: BellStatus) => void) {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCheck = 0;
    let inFlight = false;
    let stopped = false;
    const controller = new AbortController();

    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && !inFlight && !document.hidden) timer = setTimeout(check, delay);
    };
    async function check() {
      if (document.hidden) return;
      inFlight = true;
      lastCheck = Date.now();
      const outcome = await fetchStatus(controller.signal);
      inFlight = false;
      if (outcome === 'stop') stopped = true;
      else if (outcome) latest.current(outcome);
      schedule(POLL_INTERVAL_MS);
    }
    const onVisibility = () => {
      if (document.hidden) return clearTimeout(timer);
      schedule(lastCheck === 0 ? FIRST_CHECK_MS : Math.max(0, POLL_INTERVAL_MS - (Date.now() - lastCheck)));
    };

    schedule(FIRST_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
