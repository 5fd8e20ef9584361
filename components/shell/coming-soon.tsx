import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';
import { PageContainer } from './page-container';

/** An honest page for a section that is not built yet: it says so and offers a way back. */
export async function ComingSoon({ section }: { section: string }) {
  const t = await getTranslations('comingSoon');
  return (
    <PageContainer>
      <Stack gap="sm" maw={560} py="xl">
        <Title order={1}>{section}</Title>
        <Text fw={600}>{t('title')}</Text>
        <Text c="dimmed">{t('text')}</Text>
        <LinkButton href="/dashboard" variant="light" w="fit-content">
          {t('back')}
        </LinkButton>
      </Stack>
    </PageContainer>
  );
}
