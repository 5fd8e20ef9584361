'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { runSystemWork } from '@/lib/context/unit-of-work';
import { LoginRefused, signIn } from '@/lib/auth/auth';
import { landingAfterPasswordLogin, safeCallbackPath } from '@/lib/auth/landing';

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
    console.error('Accesso non riuscito per un errore del server', error);
    return { error: t('genericError') };
  }
  redirect(await runSystemWork('password login', ({ db }) => landingAfterPasswordLogin(db, email, safeCallbackPath(form.get('callbackUrl')))));
}
