'use client';

import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

export type TemplateActions = {
  duplicate: (input: { id: string }) => Promise<ActionResult<{ id: string; name: string }>>;
  remove: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
};
type Props = { id: string; name: string; isReminder: boolean; actions: TemplateActions };

/** Edit, duplicate, and delete after the confirmation dialog; the list refreshes in place. */
export function TemplateRowActions({ id, name, isReminder, actions }: Props) {
  const t = useTranslations('templates');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const duplicate = () =>
    startTransition(async () => {
      const result = await actions.duplicate({ id });
      if (!result.ok) {
        notifications.show({ color: 'red', message: result.error, autoClose: 5000 });
        return;
      }
      notifications.show({ color: 'teal', message: t('dashboard.duplicated', { name: result.data.name }), autoClose: 3000 });
      router.refresh();
    });

  const remove = () =>
    startTransition(async () => {
      const result = await actions.remove({ id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setConfirming(false);
      notifications.show({ color: 'teal', message: t('delete.done'), autoClose: 3000 });
      router.refresh();
    });

  const close = () => {
    if (pending) return;
    setConfirming(false);
    setError(null);
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('dashboard.edit')}>
        <ActionIcon component={Link} href={`/templator/${id}`} variant="subtle" aria-label={t('dashboard.editLabel', { name })}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('dashboard.duplicate')}>
        <ActionIcon variant="subtle" onClick={duplicate} loading={pending && !confirming} aria-label={t('dashboard.duplicateLabel', { name })}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('dashboard.delete')}>
        <ActionIcon variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={t('dashboard.deleteLabel', { name })}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={confirming} onClose={close} title={t('delete.title')} centered closeButtonProps={{ 'aria-label': t('delete.close') }}>
        <Stack gap="md">
          <Text>{t('delete.text', { name })}</Text>
          {isReminder && (
            <Text fw={600} c="orange.9">
              {t('delete.reminderWarning')}
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red" onClick={remove} loading={pending}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
