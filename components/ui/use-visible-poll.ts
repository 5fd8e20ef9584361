'use client';

import { useEffect, useRef } from 'react';

/** The bell's schedule (spec section 4), shared by the navbar's polls: first check 1.5 s after load, then every 30 s. */
export const FIRST_CHECK_MS = 1_500;
export const POLL_INTERVAL_MS = 30_000;

type Options = {
  enabled?: boolean;
  firstCheckMs?: number;
  intervalMs?: number;
  /** Back on a visible tab: 'interval-left' checks when the period since the last check ends (at once if it did), 'first-check' after firstCheckMs. */
  resume?: 'interval-left' | 'first-check';
  /** A window event that asks for a check at once (something on the page changed what the poll reads). */
  wakeEvent?: string;
};

/**
 * Runs `check` on a schedule, only while the tab is visible: a hidden tab costs the server
 * nothing. `check` answers 'stop' when polling is pointless (no session, nothing more to show).
 * Each check is aborted when the component goes away.
 */
export function useVisiblePoll(check: (signal: AbortSignal) => Promise<'stop' | void>, options: Options = {}) {
  const { enabled = true, firstCheckMs = FIRST_CHECK_MS, intervalMs = POLL_INTERVAL_MS, resume = 'interval-left', wakeEvent } = options;
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCheck = 0;
    let stopped = false;
    const controller = new AbortController();

    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(run, delay);
    };
    async function run() {
      if (document.hidden) return;
      lastCheck = Date.now();
      if ((await latest.current(controller.signal)) === 'stop') stopped = true;
      schedule(intervalMs);
    }
    const onVisibility = () => {
      if (document.hidden) return clearTimeout(timer);
      schedule(resume === 'first-check' || lastCheck === 0 ? firstCheckMs : Math.max(0, intervalMs - (Date.now() - lastCheck)));
    };
    const onWake = () => schedule(0);

    schedule(firstCheckMs);
    document.addEventListener('visibilitychange', onVisibility);
    if (wakeEvent) window.addEventListener(wakeEvent, onWake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
      if (wakeEvent) window.removeEventListener(wakeEvent, onWake);
    };
  }, [enabled, firstCheckMs, intervalMs, resume, wakeEvent]);
}
