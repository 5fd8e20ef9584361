'use client';

import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { refreshMailboxAction } from '@/app/(staff)/mail/actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/** "Aggiorna": asks for a sync now; the list re-renders with what the worker has fetched. */
export function SyncButton() {
  const t = useTranslations('mailbox.sync');
  const form = useActionForm(refreshMailboxAction, {
    successMessage: t('started'),
    refresh: true,
  });
  return (
    <>
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={form.pending} onClick={() => form.submit({})}>
        {t('refresh')}
      </Button>
      <FormError message={form.formError} />
    </>
  );
}
