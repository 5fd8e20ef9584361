import { Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { EditListForm } from '@/components/lists/edit-list-form';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { updateListAction } from '../../actions';
import { findList } from '../../load';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list } = await findList((await params).id);
  const t = await getTranslations('lists');
  return { title: list ? `${t('edit.title')}: ${list.name}` : t('edit.notFound') };
}

/** Name and description of a list. */
export default async function EditListPage({ params }: Props) {
  const { list } = await findList((await params).id);
  if (!list) notFound();
  const t = await getTranslations('lists');
  return (
    <PageContainer>
      <Stack gap="lg" maw={640}>
        <LinkAnchor href={`/mailing/${list.id}`} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {list.name}
          </Group>
        </LinkAnchor>
        <Title order={1}>{t('edit.title')}</Title>
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <EditListForm id={list.id} initial={{ name: list.name, description: list.description }} action={updateListAction} />
        </Paper>
      </Stack>
    </PageContainer>
  );
}
