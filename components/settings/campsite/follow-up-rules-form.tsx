'use client';

import { Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveFollowUpRulesAction } from '@/app/(staff)/settings/follow-up-rules-actions';
import type { FollowUpRules } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

type Props = { campsiteId: string; rules: FollowUpRules };
type Field = keyof FollowUpRules;

const FIELDS: Field[] = ['notOpenedDays', 'notAnsweredDays', 'validityEndingDays'];

/** The «Promemoria» tab: after how many days the dashboard suggests calling a guest back. The days stay as typed, so a wrong one waits beside its error. */
export function FollowUpRulesForm({ campsiteId, rules }: Props) {
  const t = useTranslations('followUps.rules');
  const [values, setValues] = useState<Record<Field, string>>({
    notOpenedDays: String(rules.notOpenedDays),
    notAnsweredDays: String(rules.notAnsweredDays),
    validityEndingDays: String(rules.validityEndingDays),
  });
  const { pending, formError, error, submit } = useSettingsSave(saveFollowUpRulesAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...values });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={560} data-testid="follow-up-rules-form">
      <Stack gap="md">
        <Text size="sm">{t('help')}</Text>
        {FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(field)}
            inputMode="numeric"
            maw={340}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
            error={error(field)}
          />
        ))}
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
