'use client';

import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
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
      <ConfirmModal
        opened={opened}
        title={t('delete.title')}
        message={t('delete.text', { name, count: memberCount })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        danger
        pending={pending}
        error={error}
        confirmTestId="list-delete-confirm"
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
