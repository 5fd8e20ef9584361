'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { runSystemWork } from '@/lib/context/unit-of-work';
import { LoginRefused, signIn } from '@/lib/auth/auth';
import { KNOWN_DEVICE_DAYS, KNOWN_DEVICES_COOKIE, rememberDevice } from '@/lib/auth/known-devices';
import { normalizeEmail } from '@/lib/auth/service';
import { landingAfterPasswordLogin, safeCallbackPath } from '@/lib/auth/landing';
import { env } from '@/lib/env';
import { logger } from '@/lib/ops/logger.mjs';

export type LoginState = { error: string | null };

export async function login(_previous: LoginState, form: FormData): Promise<LoginState> {
  const t = await getTranslations('login');
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) return { error: t('missingFields') };
  try {
    await signIn('password', { email, password, redirect: false });
  } catch (error) {
    if (error instanceof LoginRefused) return { error: error.userMessage };
    logger.error({ err: error }, 'Accesso non riuscito per un errore del server');
    return { error: t('genericError') };
  }
  await rememberThisBrowser(email);
  redirect(await runSystemWork('password login', ({ db }) => landingAfterPasswordLogin(db, email, safeCallbackPath(form.get('callbackUrl')))));
}

/** Marks this browser as one the account logged in from: strangers' failures will not delay it. */
async function rememberThisBrowser(email: string): Promise<void> {
  const jar = await cookies();
  const value = rememberDevice(jar.get(KNOWN_DEVICES_COOKIE)?.value, normalizeEmail(email));
  if (!value) return;
  jar.set(KNOWN_DEVICES_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().NODE_ENV === 'production' && env().APP_URL?.startsWith('https:') === true,
    path: '/',
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}
