import { env } from '@/lib/env';

// STUB — drop at merge: stands for the Gmail helper's OAuth module until its branch lands.
export function googleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}
