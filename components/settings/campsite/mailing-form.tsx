'use client';

import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveMailingAction } from '@/app/(staff)/settings/campsite-actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

/**
 * The mailing provider's key and secret: write-only. The page only ever receives "impostata (…1234)";
 * a blank field keeps the stored value.
 */
export function MailingForm({ campsiteId, apiKey, secret }: { campsiteId: string; apiKey: string | null; secret: string | null }) {
  const t = useTranslations('campsiteSettings.mailing');
  const [values, setValues] = useState({ apiKey: '', secret: '' });
  const [confirming, setConfirming] = useState(false);
  const { pending, formError, error, submit } = useSettingsSave(saveMailingAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...(values.apiKey ? { apiKey: values.apiKey } : {}), ...(values.secret ? { secret: values.secret } : {}) }, () => setValues({ apiKey: '', secret: '' }));
  };
  const clear = () => {
    setConfirming(false);
    submit({ campsiteId, clearApiKey: true, clearSecret: true });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <Text size="sm">
          {t('apiKeyNow')}: <strong data-testid="mailing-api-key">{apiKey ?? t('notSet')}</strong>
        </Text>
        <Text size="sm">
          {t('secretNow')}: <strong data-testid="mailing-secret">{secret ?? t('notSet')}</strong>
        </Text>
        <PasswordInput label={t('apiKey')} description={t('blankKeeps')} autoComplete="off" value={values.apiKey} onChange={(e) => setValues({ ...values, apiKey: e.currentTarget.value })} error={error('apiKey')} />
        <PasswordInput label={t('secret')} description={t('blankKeeps')} autoComplete="off" value={values.secret} onChange={(e) => setValues({ ...values, secret: e.currentTarget.value })} error={error('secret')} />
        <SaveBar pending={pending} formError={formError} />
        {(apiKey || secret) && (
          <Group>
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('remove')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('removeTitle')}
        message={t('removeText')}
        confirmLabel="Conferma"
        cancelLabel="Annulla"
        danger
        pending={false}
        onConfirm={clear}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
