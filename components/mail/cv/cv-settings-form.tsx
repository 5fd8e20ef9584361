'use client';

import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveCvMailSettingsAction } from '@/app/(staff)/settings/mailCV/actions';
import { FormError } from '@/components/ui/form-error';
import { RichTextField } from '@/components/ui/rich-text-editor';
import { useActionForm } from '@/components/ui/use-action-form';

type Settings = { oggetto: string; firma: string; mittente: string };

/** The 'emailCV' configuration: what the booking platform's e-mail pages start from and add. */
export function CvSettingsForm({ settings }: { settings: Settings }) {
  const t = useTranslations('cvMail.settings');
  const [values, setValues] = useState(settings);
  const form = useActionForm(saveCvMailSettingsAction, { successMessage: t('saved'), refresh: true });
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(values);
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="form" onSubmit={save} maw={720} aria-labelledby="cv-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cv-settings-title">
          {t('formTitle')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        <TextInput
          label={t('mittente')}
          description={t('mittenteHint')}
          value={values.mittente}
          onChange={(e) => setValues({ ...values, mittente: e.currentTarget.value })}
          error={form.error('mittente')}
          maxLength={100}
        />
        <TextInput
          label={t('oggetto')}
          description={t('oggettoHint')}
          value={values.oggetto}
          onChange={(e) => setValues({ ...values, oggetto: e.currentTarget.value })}
          error={form.error('oggetto')}
          maxLength={200}
        />
        <RichTextField label={t('firma')} value={values.firma} onChange={(firma) => setValues((current) => ({ ...current, firma }))} />
        <Text size="xs" c="dimmed">
          {t('firmaHint')}
        </Text>
        {form.error('firma') && (
          <Text c="red" size="sm" role="alert">
            {form.error('firma')}
          </Text>
        )}
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
