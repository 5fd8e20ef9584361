'use client';

import { Checkbox, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveFormFieldsAction } from '@/app/(staff)/settings/campsite-actions';
import type { ContactFormField } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

/** Which fields the public contact form shows and which it requires; the e-mail is always both. */
export function FormFieldsForm({ campsiteId, fields, publicFormUrl }: { campsiteId: string; fields: ContactFormField[]; publicFormUrl: string }) {
  const t = useTranslations('campsiteSettings.formFields');
  const tf = useTranslations('campsiteSettings.fieldNames');
  const [values, setValues] = useState(fields);
  const { pending, formError, submit } = useSettingsSave(saveFormFieldsAction);
  const update = (field: string, patch: Partial<ContactFormField>) =>
    setValues(values.map((entry) => (entry.field === field ? { ...entry, ...patch, required: (patch.visible ?? entry.visible) && (patch.required ?? entry.required) } : entry)));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, fields: values as never });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="sm">
        <Text size="sm">
          {t('intro')} <a href={publicFormUrl} target="_blank" rel="noopener noreferrer">{t('open')}</a>
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('field')}</Table.Th>
                <Table.Th>{t('visible')}</Table.Th>
                <Table.Th>{t('required')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((entry) => {
                const locked = entry.field === 'email';
                return (
                  <Table.Tr key={entry.field}>
                    <Table.Td>{tf(entry.field)}</Table.Td>
                    <Table.Td>
                      <Checkbox aria-label={`${tf(entry.field)}: ${t('visible')}`} checked={entry.visible} disabled={locked} onChange={(e) => update(entry.field, { visible: e.currentTarget.checked })} />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox aria-label={`${tf(entry.field)}: ${t('required')}`} checked={entry.required} disabled={locked || !entry.visible} onChange={(e) => update(entry.field, { required: e.currentTarget.checked })} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">{t('emailNote')}</Text>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
