'use client';

import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/actions';

export type ListFormValues = { name: string; description: string };

type Props<R> = {
  initial?: ListFormValues;
  submitLabel: string;
  /** Sends the values; the path of a field error is "name" or "description" (or "list.name" for an edit). */
  onSubmit: (values: ListFormValues) => Promise<ActionResult<R>>;
  onDone: (data: R) => void;
  onCancel?: () => void;
};

/** Name and description of a list: the create dialog and the edit page share it. */
export function ListForm<R>({ initial = { name: '', description: '' }, submitLabel, onSubmit, onDone, onCancel }: Props<R>) {
  const t = useTranslations('lists');
  const [values, setValues] = useState(initial);
  const form = useActionForm(onSubmit);
  const fieldError = (name: string) => form.error(name) ?? form.error(`list.${name}`);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit(values, onDone);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          required
          maxLength={120}
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          error={fieldError('name')}
          data-autofocus
          data-testid="list-name"
        />
        <Textarea
          label={t('form.description')}
          placeholder={t('form.descriptionPlaceholder')}
          autosize
          minRows={2}
          maxLength={1000}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
          error={fieldError('description')}
        />
        <FormError message={form.formError} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={form.pending}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.pending} data-testid="list-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
