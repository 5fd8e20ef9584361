import { EmptyState, EmptyStateDescription, EmptyStateTitle, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailbox } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { CreateListButton } from '@/components/lists/create-list-button';
import { ListTable } from '@/components/lists/list-table';
import { PageContainer } from '@/components/shell/page-container';
import { requireStaff } from '@/lib/auth/staff';
import { listLists } from '@/lib/lists/service';
import { createListAction, deleteListAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('nav'))('newsletter') };
}

/**
 * The newsletter area: the campsite's lists first. Further sections (the newsletters sent)
 * go below the lists section, each in its own <section>.
 */
export default async function MailingPage() {
  const tenant = await requireStaff({ packLevel: 10 });
  const [t, tNav] = await Promise.all([getTranslations('lists'), getTranslations('nav')]);
  const lists = await listLists(getDb(), { campsiteId: tenant.campsiteId });

  return (
    <PageContainer>
      <Stack gap="xl">
        <Title order={1}>{tNav('newsletter')}</Title>
        <Stack gap="md" component="section" aria-labelledby="lists-heading">
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Title order={2} id="lists-heading">
                {t('title')}
              </Title>
              <Text c="dimmed" data-testid="lists-count">
                {t('subtitle', { count: lists.length })}
              </Text>
            </div>
            <CreateListButton action={createListAction} />
          </Group>
          {lists.length === 0 ? (
            <EmptyState icon={<IconMailbox size={32} aria-hidden />} withIndicatorBackground py="xl" data-testid="lists-empty">
              <EmptyStateTitle order={3}>{t('empty.title')}</EmptyStateTitle>
              <EmptyStateDescription>{t('empty.text')}</EmptyStateDescription>
            </EmptyState>
          ) : (
            <ListTable lists={lists} deleteAction={deleteListAction} />
          )}
        </Stack>
      </Stack>
    </PageContainer>
  );
}
