'use client';

import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { saveQuoteSenderAction } from '@/app/(staff)/settings/actions';

type Sender = { mittente: string; replyTo: string; oggetto: string };

/** The 'emailInvioPreventivi' configuration: sender name, reply-to and subject of quote mails. */
export function QuoteSenderForm({ sender, canSave }: { sender: Sender; canSave: boolean }) {
  const t = useTranslations('settings.quoteOptions');
  const [values, setValues] = useState(sender);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await saveQuoteSenderAction(values);
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        return setFormError(answer.error);
      }
      setErrors({});
      setFormError(null);
      notifications.show({ color: 'teal', message: t('saved') });
    });
  };
  const field = (key: keyof Sender, type = 'text') => (
    <TextInput type={type} label={t(`sender.${key}`)} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })} error={errors[key]} readOnly={!canSave} />
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
        {formError && <Alert color="red">{formError}</Alert>}
        {canSave && (
          <Group>
            <Button type="submit" loading={pending}>
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
