import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CvComposeForm } from '@/components/mail/cv/cv-compose-form';
import { CvMailList } from '@/components/mail/cv/cv-mail-list';
import { PageContainer } from '@/components/shell/page-container';
import { SafeHtml } from '@/components/ui/safe-html';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { staffPage } from '@/lib/context/staff';
import { loadClientMailCvPage } from '@/lib/mail/cv-mail-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cvMail'))('clientTitle') };
}

type Props = { params: Promise<{ pratica?: string[] }>; searchParams: Promise<{ dopo?: string | string[] }> };

/** /clientMailCV/:annoPratica?/:numeroPratica?: writing to the guest of a booking file, with the mails of that booking. */
export default async function ClientMailCvPage({ params, searchParams }: Props) {
  const { tenant, run } = await staffPage({ packLevel: 0 });
  const [{ pratica }, { dopo }] = await Promise.all([params, searchParams]);
  const cursor = typeof dopo === 'string' ? dopo : null;
  const data = await run((ctx) => loadClientMailCvPage(ctx, pratica, cursor));
  const t = await getTranslations('cvMail');
  const file = data.reference ? `${data.reference.number}/${data.reference.year}` : '';
  const basePath = data.reference ? `/clientMailCV/${data.reference.year}/${encodeURIComponent(data.reference.number)}` : '/clientMailCV';
  return (
    <PageContainer>
      <Stack gap="lg" maw={880}>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {data.quote ? t('clientTitleFile', { file }) : t('clientTitle')}
          </Title>
          {data.quote && (
            <Text size="sm" data-testid="cv-booking">
              {t('booking.found', { guest: data.quote.guestName || t('booking.noName'), quote: data.quote.quoteName })}
            </Text>
          )}
        </Stack>
        {data.status === 'none' && <Alert color="blue">{t('booking.none')}</Alert>}
        {data.status === 'invalid' && (
          <Alert color="orange" title={t('booking.invalidTitle')}>
            {t('booking.invalid')}
          </Alert>
        )}
        {data.status === 'missing' && (
          <Alert color="orange" title={t('booking.missingTitle', { file })}>
            {t('booking.missing')}
          </Alert>
        )}
        {data.quote && !data.quote.guestEmail && <Alert color="orange">{t('booking.noEmail')}</Alert>}
        <CvComposeForm key={basePath} start={data.start} senderName={data.settings.mittente} signature={data.settings.firma ? <SafeHtml html={data.settings.firma} /> : null} />
        {data.quote && (
          <CvMailList title={t('list.bookingTitle')} list={data.list} basePath={basePath} paged={Boolean(cursor)} canOpenThreads={hasFullPack(tenant.packLevel)} />
        )}
      </Stack>
    </PageContainer>
  );
}
