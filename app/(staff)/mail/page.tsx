import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OutboxList } from '@/components/mail/outbox-list';
import { PageContainer } from '@/components/shell/page-container';
import { requireStaff } from '@/lib/auth/staff';
import { getDb } from '@/db/client';
import { mailIsCaptured } from '@/lib/mail/mailer';
import { listOutbox } from '@/lib/mail/outbox-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('mail.outbox');
  return { title: mailIsCaptured() ? t('capturedTitle') : t('title') };
}

/** The campsite's outgoing mail: with no Resend key, the local capture of every mail (a letter opener). */
export default async function MailPage({ searchParams }: { searchParams: Promise<{ dopo?: string }> }) {
  const tenant = await requireStaff({ packLevel: 0 });
  const { dopo } = await searchParams;
  const page = await listOutbox(getDb(), tenant.campsiteId, typeof dopo === 'string' ? dopo : null);
  return (
    <PageContainer>
      <OutboxList page={page} captured={mailIsCaptured()} />
    </PageContainer>
  );
}
