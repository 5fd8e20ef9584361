'use client';

import { useVisiblePoll } from '@/components/ui/use-visible-poll';

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
  useVisiblePoll(
    async (signal) => {
      const outcome = await fetchLatest(signal);
      if (signal.aborted || outcome === 'stop') return 'stop';
      // Shown: no more checks until the staff close it (then `showing` turns false and polling starts over).
      if (outcome && outcome !== 'none') {
        onUpdate(outcome);
        return 'stop';
      }
    },
    { enabled: !showing, resume: 'first-check' },
  );
}
