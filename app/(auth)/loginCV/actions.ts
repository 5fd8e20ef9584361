'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { runSystemWork } from '@/lib/context/unit-of-work';
import { LoginRefused, signIn } from '@/lib/auth/auth';
import { landingAfterTokenLogin } from '@/lib/auth/landing';
import { logger } from '@/lib/ops/logger.mjs';

export type TokenLoginState = { error: string | null };

/** Spends the booking platform's one-time link and opens the dashboard. */
export async function loginWithLink(_previous: TokenLoginState, form: FormData): Promise<TokenLoginState> {
  const uuid = String(form.get('uuid') ?? '');
  try {
    await signIn('login-token', { uuid, redirect: false });
  } catch (error) {
    if (error instanceof LoginRefused) return { error: error.userMessage };
    logger.error({ err: error }, 'Accesso con link non riuscito per un errore del server');
    return { error: (await getTranslations('login'))('genericError') };
  }
  redirect(await runSystemWork('one-time token login', ({ db }) => landingAfterTokenLogin(db, uuid)));
}
