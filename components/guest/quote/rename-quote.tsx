'use client';

import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { callGuestApi } from './guest-api';

type Props = { campsiteId: string; quoteId: string; contactId: string; name: string };

/** The guest may give the quote a name of their own ("Estate al lago"). */
export function RenameQuote({ campsiteId, quoteId, contactId, name }: Props) {
  const t = useTranslations('guestQuote');
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const title = name || t('untitled');
  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Tooltip label={t('rename')}>
          <ActionIcon variant="subtle" aria-label={t('rename')} onClick={() => setEditing(true)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  const save = () =>
    startTransition(async () => {
      const answer = await callGuestApi(`/rinominaPreventivo/${campsiteId}/${quoteId}`, { cliente: contactId, nome: value });
      if (!answer.ok) return setError(t('errors.generic'));
      setEditing(false);
      router.refresh();
    });
  return (
    <Group align="flex-end" gap="xs">
      <TextInput label={t('renameLabel')} value={value} onChange={(event) => setValue(event.currentTarget.value)} error={error} maxLength={120} data-autofocus />
      <Button onClick={save} loading={pending} disabled={value.trim() === ''}>
        {t('save')}
      </Button>
    </Group>
  );
}
