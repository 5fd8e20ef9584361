'use client';

import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ActionResult } from '@/lib/actions';

type Props = {
  contactId: string;
  name: string;
  quoteCount: number;
  action: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
};

/** Delete after the confirm dialog ('Conferma' / 'Annulla'), then back to the list with a toast. */
export function DeleteContactButton({ contactId, name, quoteCount, action }: Props) {
  const t = useTranslations('contacts');
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
      const result = await action({ id: contactId });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      notifications.show({ color: 'teal', message: t('delete.done'), autoClose: 3000 });
      setOpened(false);
      router.push('/clienti');
    });

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('actions.delete')}
      </Button>
      <ConfirmModal
        opened={opened}
        title={t('delete.title')}
        message={t('delete.text', { name })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        danger
        pending={pending}
        error={error}
        onConfirm={confirm}
        onClose={close}
      >
        {quoteCount > 0 && (
          <Text fw={600} c="red.8">
            {t('delete.quotesWarning', { count: quoteCount })}
          </Text>
        )}
      </ConfirmModal>
    </>
  );
}
