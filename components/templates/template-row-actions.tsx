'use client';

import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
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
      <ConfirmModal
        opened={confirming}
        title={t('delete.title')}
        message={t('delete.text', { name })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        danger
        pending={pending}
        error={error}
        onConfirm={remove}
        onClose={close}
      >
        {isReminder && (
          <Text fw={600} c="orange.9">
            {t('delete.reminderWarning')}
          </Text>
        )}
      </ConfirmModal>
    </Group>
  );
}
