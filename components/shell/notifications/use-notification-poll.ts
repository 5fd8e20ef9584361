'use client';

import { useVisiblePoll } from '@/components/ui/use-visible-poll';
import { fetchStatus } from './api';
import type { BellStatus } from './types';

/**
 * Asks the server for the cheap status on the spec's schedule, only while the tab is visible: a
 * hidden tab costs nothing, and coming back checks at once if a period went by meanwhile.
 */
export function useNotificationPoll(onStatus: (status: BellStatus) => void) {
  useVisiblePoll(async (signal) => {
    const outcome = await fetchStatus(signal);
    if (outcome === 'stop') return 'stop';
    if (outcome) onStatus(outcome);
  });
}
