'use client';

import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/actions';
import { DeleteListButton } from './delete-list-button';

type Props = { id: string; name: string; memberCount: number; deleteAction: (input: { id: string }) => Promise<ActionResult<{ id: string }>> };

/** Edit (name and description) and delete, with the confirmation dialog. */
export function ListRowActions({ id, name, memberCount, deleteAction }: Props) {
  const t = useTranslations('lists');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('table.edit')}>
        <ActionIcon component={Link} href={`/mailing/edit/${id}`} variant="subtle" aria-label={t('table.editLabel', { name })}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <DeleteListButton id={id} name={name} memberCount={memberCount} action={deleteAction} compact />
    </Group>
  );
}
