'use client';

import { Checkbox, Divider, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveStayMailsAction } from '@/app/(staff)/settings/stay-mails-actions';
import { LinkAnchor } from '@/components/ui/link-anchor';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

type Props = { campsiteId: string; settings: StayMailSettings; templates: { id: string; label: string }[] };

/** The days as typed, so a wrong value stays in its field beside its error. */
type Values = {
  preArrival: Omit<StayMailSettings['preArrival'], 'daysBefore'> & { daysBefore: string };
  postStay: Omit<StayMailSettings['postStay'], 'daysAfter'> & { daysAfter: string };
};

const DEFAULT_TEXT = '';

/** The «Invii automatici» tab: the stay's automatic mails, each with what the guest receives and when. */
export function StayMailsForm({ campsiteId, settings, templates }: Props) {
  const t = useTranslations('stays.settings');
  const [values, setValues] = useState<Values>({
    preArrival: { ...settings.preArrival, daysBefore: String(settings.preArrival.daysBefore) },
    postStay: { ...settings.postStay, daysAfter: String(settings.postStay.daysAfter) },
  });
  const { pending, formError, error, submit } = useSettingsSave(saveStayMailsAction);
  const pre = (patch: Partial<Values['preArrival']>) => setValues({ ...values, preArrival: { ...values.preArrival, ...patch } });
  const post = (patch: Partial<Values['postStay']>) => setValues({ ...values, postStay: { ...values.postStay, ...patch } });
  const options = [{ value: DEFAULT_TEXT, label: t('defaultText') }, ...templates.map((template) => ({ value: template.id, label: template.label }))];
  const templateOf = (value: string) => (value === DEFAULT_TEXT ? null : value);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...values });
  };
  const days = (value: string) => Number(value) || 0;
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={760} data-testid="stay-mails-form">
      <Stack gap="md">
        <Text size="sm">{t('intro')}</Text>
        <Title order={3} size="h4">
          {t('preArrival')}
        </Title>
        <Checkbox label={t('preArrivalEnabled')} description={t('preArrivalHint', { days: days(values.preArrival.daysBefore) })} checked={values.preArrival.enabled} onChange={(e) => pre({ enabled: e.currentTarget.checked })} />
        <TextInput label={t('daysBefore')} inputMode="numeric" maw={240} value={values.preArrival.daysBefore} onChange={(e) => pre({ daysBefore: e.currentTarget.value })} error={error('preArrival.daysBefore')} disabled={!values.preArrival.enabled} />
        <NativeSelect label={t('template')} data={options} value={values.preArrival.templateId ?? DEFAULT_TEXT} onChange={(e) => pre({ templateId: templateOf(e.currentTarget.value) })} error={error('preArrival.templateId')} disabled={!values.preArrival.enabled} />
        <Checkbox label={t('dayBefore')} description={t('dayBeforeHint')} checked={values.preArrival.dayBefore} onChange={(e) => pre({ dayBefore: e.currentTarget.checked })} disabled={!values.preArrival.enabled} />
        <NativeSelect
          label={t('dayBeforeTemplate')}
          data={options}
          value={values.preArrival.dayBeforeTemplateId ?? DEFAULT_TEXT}
          onChange={(e) => pre({ dayBeforeTemplateId: templateOf(e.currentTarget.value) })}
          error={error('preArrival.dayBeforeTemplateId')}
          disabled={!values.preArrival.enabled || !values.preArrival.dayBefore}
        />
        <Divider />
        <Title order={3} size="h4">
          {t('postStay')}
        </Title>
        <Checkbox label={t('postStayEnabled')} description={t('postStayHint', { days: days(values.postStay.daysAfter) })} checked={values.postStay.enabled} onChange={(e) => post({ enabled: e.currentTarget.checked })} />
        <TextInput label={t('daysAfter')} inputMode="numeric" maw={240} value={values.postStay.daysAfter} onChange={(e) => post({ daysAfter: e.currentTarget.value })} error={error('postStay.daysAfter')} disabled={!values.postStay.enabled} />
        <NativeSelect label={t('template')} data={options} value={values.postStay.templateId ?? DEFAULT_TEXT} onChange={(e) => post({ templateId: templateOf(e.currentTarget.value) })} error={error('postStay.templateId')} disabled={!values.postStay.enabled} />
        <TextInput
          label={t('reviewUrl')}
          description={t('reviewUrlHint')}
          inputMode="url"
          value={values.postStay.reviewUrl}
          onChange={(e) => post({ reviewUrl: e.currentTarget.value })}
          error={error('postStay.reviewUrl')}
          disabled={!values.postStay.enabled}
        />
        <SaveBar pending={pending} formError={formError} />
        <LinkAnchor href="/prossimiInvii" size="sm" w="fit-content">
          {t('upcomingLink')}
        </LinkAnchor>
      </Stack>
    </Paper>
  );
}
