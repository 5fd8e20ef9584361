import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AddByFilter } from '@/components/lists/add-by-filter';
import { AddBySearch } from '@/components/lists/add-by-search';
import { DeleteListButton } from '@/components/lists/delete-list-button';
import { MembersPanel } from '@/components/lists/members-panel';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { contactFormOptions } from '@/lib/contacts/reference';
import { formatNumber } from '@/lib/format';
import { listMembers } from '@/lib/lists/members';
import {
  addContactsAction,
  addFilteredChunkAction,
  deleteListAction,
  loadMembersAction,
  previewFilterAction,
  removeMemberAction,
  searchContactsAction,
} from '../actions';
import { findList } from '../load';

type Props = { params: Promise<{ listId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { list } = await findList((await params).listId);
  return { title: list?.name ?? (await getTranslations('lists'))('edit.notFound') };
}

/** One list: its counts, its members newest first, and the ways to add more. */
export default async function ListPage({ params }: Props) {
  const { list, run } = await findList((await params).listId);
  if (!list) notFound();
  const [t, [members, options]] = await Promise.all([
    getTranslations('lists'),
    run((ctx) => Promise.all([listMembers(ctx, { listId: list.id }), contactFormOptions(ctx)])),
  ]);

  return (
    <PageContainer>
      <Stack gap="lg">
        <LinkAnchor href="/mailing" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('backToLists')}
          </Group>
        </LinkAnchor>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} data-testid="list-title">
              {list.name}
            </Title>
            {list.description && <Text c="dimmed">{list.description}</Text>}
            <Text data-testid="list-counts">
              {t('detail.members', { count: list.memberCount })} · {t('detail.sendable', { count: list.sendableCount })}
            </Text>
          </div>
          <Group gap="xs">
            <LinkButton href={`/mailing/edit/${list.id}`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
              {t('detail.edit')}
            </LinkButton>
            <DeleteListButton id={list.id} name={list.name} memberCount={list.memberCount} action={deleteListAction} />
          </Group>
        </Group>

        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="add-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="add-heading">
              {t('detail.addTitle')}
            </Title>
            <Title order={3} size="h4">
              {t('search.title')}
            </Title>
            <AddBySearch listId={list.id} searchAction={searchContactsAction} addAction={addContactsAction} />
            <Title order={3} size="h4">
              {t('filter.title')}
            </Title>
            <AddByFilter
              listId={list.id}
              options={{ languages: options.languages, nations: options.nations.map(({ id, name }) => ({ id, name })), tags: options.tags }}
              previewAction={previewFilterAction}
              chunkAction={addFilteredChunkAction}
            />
          </Stack>
        </Paper>

        <Stack gap="sm" component="section" aria-labelledby="members-heading">
          <Title order={2} size="h3" id="members-heading">
            {t('detail.membersTitle')} ({formatNumber(list.memberCount)})
          </Title>
          <MembersPanel
            key={`${members.total}:${members.items[0]?.contactId ?? ''}`}
            listId={list.id}
            listName={list.name}
            initial={members}
            loadAction={loadMembersAction}
            removeAction={removeMemberAction}
          />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
