import type { BellData, BellStatus } from './types';

/** 'stop': the session ended or the account has no bell, so polling ends; null: a passing failure, try again later. */
export type FetchOutcome<T> = T | 'stop' | null;

async function getJson<T>(url: string, signal?: AbortSignal, cache: RequestCache = 'no-store'): Promise<FetchOutcome<T>> {
  try {
    const response = await fetch(url, { cache, signal, headers: { accept: 'application/json' } });
    if (response.status === 401 || response.status === 403) return 'stop';
    if (!response.ok) return null;
    return (await response.json()) as T;
  } catch {
    // Offline, aborted or a half-sent answer: the next poll tries again.
    return null;
  }
}

export const STATUS_URL = '/notifiche/stato';

// 'no-cache': the browser asks again every time, with the ETag it holds, and an unchanged poll comes back as 304.
export const fetchStatus = (signal?: AbortSignal) => getJson<BellStatus>(STATUS_URL, signal, 'no-cache');

export const fetchPage = (index: number, signal?: AbortSignal) => getJson<BellData>(`/notifiche?pagina=${index}`, signal);
