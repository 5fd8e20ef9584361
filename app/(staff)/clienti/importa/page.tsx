import { Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactImport } from '@/components/contacts/contact-import';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { requireStaff } from '@/lib/auth/staff';
import { importContactsAction } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('import.title') };
}

export default async function ImportContactsPage() {
  await requireStaff();
  const t = await getTranslations('contacts');
  return (
    <PageContainer>
      <Stack gap="lg" maw={1000}>
        <LinkAnchor href="/clienti" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('actions.backToList')}
          </Group>
        </LinkAnchor>
        <div>
          <Title order={1}>{t('import.title')}</Title>
          <Text c="dimmed">{t('import.subtitle')}</Text>
        </div>
        <ContactImport action={importContactsAction} />
      </Stack>
    </PageContainer>
  );
}
