'use client';

import { Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveContactsAction } from '@/app/(staff)/settings/campsite-actions';
import type { CampsiteContacts } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

const FIELDS: { key: keyof CampsiteContacts; type: string }[] = [
  { key: 'phone', type: 'tel' },
  { key: 'whatsapp', type: 'tel' },
  { key: 'email', type: 'email' },
  { key: 'address', type: 'text' },
  { key: 'policyLink', type: 'url' },
];

/** What the guest pages show to reach the campsite (contact form and quote mini-site). */
export function ContactsForm({ campsiteId, contacts }: { campsiteId: string; contacts: CampsiteContacts }) {
  const t = useTranslations('campsiteSettings.contacts');
  const [values, setValues] = useState(contacts);
  const { pending, formError, error, submit } = useSettingsSave(saveContactsAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...values });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={760}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(({ key, type }) => (
            <TextInput key={key} type={type} label={t(key)} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })} error={error(key)} />
          ))}
        </SimpleGrid>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
