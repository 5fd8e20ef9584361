import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { CvComposeForm } from '@/components/mail/cv/cv-compose-form';
import { CvMailList } from '@/components/mail/cv/cv-mail-list';
import { PageContainer } from '@/components/shell/page-container';
import { SafeHtml } from '@/components/ui/safe-html';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { staffPage } from '@/lib/context/staff';
import { loadEmailCvPage } from '@/lib/mail/cv-mail-page';

export type EmailCvSearch = Promise<Record<string, string | string[] | undefined>>;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** /emailCV and /emailCVL: the same page; the L variant ends the session after the send. */
export async function EmailCvScreen({ searchParams, autoLogout }: { searchParams: EmailCvSearch; autoLogout: boolean }) {
  const { tenant, run } = await staffPage({ packLevel: 0 });
  const query = await searchParams;
  const cursor = one(query.dopo);
  const data = await run((ctx) => loadEmailCvPage(ctx, { to: one(query.to), cliente: one(query.cliente), oggetto: one(query.oggetto), cursor }));
  const t = await getTranslations('cvMail');
  return (
    <PageContainer>
      <Stack gap="lg" maw={880}>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('emailTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('emailIntro')}
          </Text>
        </Stack>
        <CvComposeForm
          start={data.start}
          senderName={data.settings.mittente}
          signature={data.settings.firma ? <SafeHtml html={data.settings.firma} /> : null}
          autoLogout={autoLogout}
        />
        <CvMailList
          title={t('list.title')}
          list={data.list}
          basePath={autoLogout ? '/emailCVL' : '/emailCV'}
          paged={Boolean(cursor)}
          canOpenThreads={hasFullPack(tenant.packLevel)}
        />
      </Stack>
    </PageContainer>
  );
}
