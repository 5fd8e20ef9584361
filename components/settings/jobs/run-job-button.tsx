'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { runJobNowAction } from '@/app/(staff)/settings/job-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

export function RunJobButton({ queue, label }: { queue: string; label: string }) {
  const t = useTranslations('scheduledJobs');
  const { formError, pending, submit } = useActionForm(runJobNowAction, { successMessage: t('queued'), refresh: true });
  return (
    <>
      <Button size="xs" variant="default" loading={pending} onClick={() => submit({ queue })} aria-label={`${t('runNow')}: ${label}`}>
        {t('runNow')}
      </Button>
      <FormError message={formError} />
    </>
  );
}
