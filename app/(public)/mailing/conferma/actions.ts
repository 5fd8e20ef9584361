'use server';

import { headers } from 'next/headers';
import { confirmFromPage, type ConfirmActionState } from '@/lib/newsletter/confirm-page';

/** The button on the confirmation page: the only way a token is confirmed (never the page's GET). */
export async function confirmNewsletter(token: string): Promise<ConfirmActionState> {
  try {
    return await confirmFromPage(token, await headers());
  } catch (error) {
    console.error('Conferma della newsletter non riuscita', error);
    return { state: 'error' };
  }
}
