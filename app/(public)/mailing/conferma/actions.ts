'use server';

import { headers } from 'next/headers';
import { confirmFromPage, type ConfirmActionState } from '@/lib/newsletter/confirm-page';
import { logger } from '@/lib/ops/logger.mjs';

/** The button on the confirmation page: the only way a token is confirmed (never the page's GET). */
export async function confirmNewsletter(token: string): Promise<ConfirmActionState> {
  try {
    return await confirmFromPage(token, await headers());
  } catch (error) {
    logger.error({ err: error }, 'Conferma della newsletter non riuscita');
    return { state: 'error' };
  }
}
