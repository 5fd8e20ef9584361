'use client';

import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveQuoteSenderAction } from '@/app/(staff)/settings/actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

type Sender = { mittente: string; replyTo: string; oggetto: string };

/** The 'emailInvioPreventivi' configuration: sender name, reply-to and subject of quote mails. */
export function QuoteSenderForm({ sender, canSave }: { sender: Sender; canSave: boolean }) {
  const t = useTranslations('settings.quoteOptions');
  const [values, setValues] = useState(sender);
  const form = useActionForm(saveQuoteSenderAction, { successMessage: t('saved') });
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(values);
  };
  const field = (key: keyof Sender, type = 'text') => (
    <TextInput type={type} label={t(`sender.${key}`)} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })} error={form.error(key)} readOnly={!canSave} />
  );
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sender.title')}
        </Title>
        <Text size="sm">{t('sender.text')}</Text>
        {field('mittente')}
        {field('replyTo', 'email')}
        {field('oggetto')}
        <FormError message={form.formError} />
        {canSave && (
          <Group>
            <Button type="submit" loading={form.pending}>
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
