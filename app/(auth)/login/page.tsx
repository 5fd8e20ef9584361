import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { login } from './actions';
import { AuthCard } from '@/components/auth/auth-card';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff } from '@/lib/auth/staff';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('title') };
}

const REASON_KEYS = { livello: 'reasonLevel', sessione: 'reasonSession', uscito: 'reasonLoggedOut' } as const;

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { tenant } = await lookupStaff();
  if (tenant) redirect(hasFullPack(tenant.packLevel) ? '/dashboard' : '/mail');
  const params = await searchParams;
  const t = await getTranslations('login');
  const reason = typeof params.motivo === 'string' && params.motivo in REASON_KEYS ? REASON_KEYS[params.motivo as keyof typeof REASON_KEYS] : null;
  const callbackUrl = typeof params.callbackUrl === 'string' ? params.callbackUrl : '';
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <LoginForm login={login} notice={reason ? t(reason) : null} noticeIsInfo={reason === 'reasonLoggedOut'} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
