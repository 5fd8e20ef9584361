import { Center, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';
import { BrandMark } from '@/components/shell/brand-mark';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notFound'))('title'), robots: { index: false } };
}

export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <BrandMark size={48} />
        <Text fz={64} fw={800} c="teal.8" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('text')}</Text>
        <LinkButton href="/dashboard">
          {t('home')}
        </LinkButton>
      </Stack>
    </Center>
  );
}
