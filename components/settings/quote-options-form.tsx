'use client';

import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { saveQuoteOptionsAction } from '@/app/(staff)/settings/actions';

/** Opzioni preventivi: when the reminder job reminds an unopened quote. Read-only for staff. */
export function QuoteOptionsForm({ reminderDays, canSave }: { reminderDays: number; canSave: boolean }) {
  const t = useTranslations('settings.quoteOptions');
  const [days, setDays] = useState<number | string>(reminderDays);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await saveQuoteOptionsAction({ reminderDays: typeof days === 'number' ? days : Number.NaN });
      if (!answer.ok) return setError(answer.fieldErrors?.reminderDays ?? answer.error);
      setError(null);
      notifications.show({ color: 'teal', message: t('saved') });
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('reminderTitle')}
        </Title>
        <Text size="sm">{t('reminderText')}</Text>
        <NumberInput
          label={t('reminderDays')}
          description={t('reminderHint')}
          min={0}
          max={60}
          allowDecimal={false}
          value={days}
          onChange={setDays}
          error={error}
          maw={360}
          readOnly={!canSave}
        />
        {error && !error.startsWith('Giorni') && <Alert color="red">{error}</Alert>}
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
