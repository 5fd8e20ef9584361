'use client';

import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

type Props = {
  id: string;
  name: string;
  memberCount: number;
  action: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
  /** An icon in a table row, or a full button on the list's own page (then back to /mailing). */
  compact?: boolean;
};

/** Deletes a list after the confirm dialog ('Conferma' / 'Annulla'). */
export function DeleteListButton({ id, name, memberCount, action, compact = false }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const close = () => {
    if (pending) return;
    setOpened(false);
    setError(null);
  };
  const confirm = () =>
    startTransition(async () => {
      const result = await action({ id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setOpened(false);
      notifications.show({ color: 'teal', message: t('delete.done'), autoClose: 3000 });
      if (compact) router.refresh();
      else router.push('/mailing');
    });

  return (
    <>
      {compact ? (
        <Tooltip label={t('table.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={() => setOpened(true)} aria-label={t('table.deleteLabel', { name })}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button color="red.9" variant="outline" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="list-delete">
          {t('detail.delete')}
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={t('delete.title')} centered closeButtonProps={{ 'aria-label': t('delete.close') }}>
        <Stack gap="md">
          <Text>{t('delete.text', { name, count: memberCount })}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={pending} data-testid="list-delete-confirm">
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
