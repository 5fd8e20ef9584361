'use client';

import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ActionResult } from '@/lib/actions';
import { ListForm, type ListFormValues } from './list-form';

type Props = { action: (input: ListFormValues) => Promise<ActionResult<{ id: string; name: string }>> };

/** "Nuova lista": a dialog with name and description; on success, straight to the new list to fill it. */
export function CreateListButton({ action }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="list-create">
        {t('create.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('create.title')} centered closeButtonProps={{ 'aria-label': t('form.close') }}>
        <ListForm
          submitLabel={t('create.submit')}
          onSubmit={action}
          onCancel={() => setOpened(false)}
          onDone={(created) => {
            notifications.show({ color: 'teal', message: t('create.done', { name: created.name }), autoClose: 3000 });
            setOpened(false);
            router.push(`/mailing/${created.id}`);
          }}
        />
      </Modal>
    </>
  );
}
