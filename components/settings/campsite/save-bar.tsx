'use client';

import { Alert, Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** The end of every tab's form: the general error (field errors sit next to their fields) and Salva. */
export function SaveBar({ pending, formError, disabled }: { pending: boolean; formError: string | null; disabled?: boolean }) {
  const t = useTranslations('campsiteSettings');
  return (
    <>
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={pending} disabled={disabled}>
          {t('save')}
        </Button>
      </Group>
    </>
  );
}
