'use client';

import { Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveIdentityAction } from '@/app/(staff)/settings/campsite-actions';
import type { CampsiteSettings } from '@/lib/campsites/settings';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

type Props = { campsiteId: string; settings: Pick<CampsiteSettings, 'name' | 'lucee' | 'platformCampId' | 'urlToCv' | 'discountOnlyOnUnit'>; isOperator: boolean };

/** Generale: name, lucee and platform id are the operator's (read-only for the campsite admin). */
export function GeneralForm({ campsiteId, settings, isOperator }: Props) {
  const t = useTranslations('campsiteSettings.general');
  const [values, setValues] = useState({
    name: settings.name,
    lucee: settings.lucee,
    platformCampId: settings.platformCampId ?? '',
    urlToCv: settings.urlToCv ?? '',
    discountOnlyOnUnit: settings.discountOnlyOnUnit,
  });
  const { pending, formError, error, submit } = useSettingsSave(saveIdentityAction);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const own = { urlToCv: values.urlToCv, discountOnlyOnUnit: values.discountOnlyOnUnit };
    submit({ campsiteId, ...own, ...(isOperator ? { name: values.name, lucee: values.lucee, platformCampId: values.platformCampId } : {}) });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="sm">
        {!isOperator && <Text size="sm" c="dimmed">{t('operatorOnly')}</Text>}
        <TextInput label={t('name')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} readOnly={!isOperator} error={error('name')} />
        <Switch label={t('lucee')} checked={values.lucee} onChange={(e) => set('lucee', e.currentTarget.checked)} disabled={!isOperator} />
        <TextInput
          label={t('platformCampId')}
          value={values.platformCampId}
          onChange={(e) => set('platformCampId', e.currentTarget.value)}
          readOnly={!isOperator}
          error={error('platformCampId')}
        />
        <TextInput
          label={t('urlToCv')}
          description={t('urlToCvHint')}
          placeholder={t('notDefined')}
          value={values.urlToCv}
          onChange={(e) => set('urlToCv', e.currentTarget.value)}
          error={error('urlToCv')}
        />
        <Text size="sm">
          {t('urlToCvNow')}: <strong>{settings.urlToCv || t('notDefined')}</strong>
        </Text>
        <Switch label={t('discountOnlyOnUnit')} description={t('discountHint')} checked={values.discountOnlyOnUnit} onChange={(e) => set('discountOnlyOnUnit', e.currentTarget.checked)} />
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
