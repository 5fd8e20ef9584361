import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { TokenLogin } from '@/components/auth/token-login';
import { loginWithLink } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tokenLogin'))('title'), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function TokenLoginPage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  const t = await getTranslations('tokenLogin');
  return (
    <AuthCard title={t('title')}>
      <TokenLogin uuid={uuid} loginWithLink={loginWithLink} />
    </AuthCard>
  );
}
