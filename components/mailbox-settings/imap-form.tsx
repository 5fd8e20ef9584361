'use client';

import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/actions';

export type ImapFormValues = {
  address: string;
  imapHost: string;
  imapPort: number | string;
  imapSecure: boolean;
  smtpHost: string;
  smtpPort: number | string;
  smtpSecure: boolean;
  username: string;
  password: string;
};

export type BindImapAction = (input: ImapFormValues) => Promise<ActionResult<{ address: string }>>;

export const EMPTY_IMAP_FORM: Omit<ImapFormValues, 'password'> = { address: '', imapHost: '', imapPort: 993, imapSecure: true, smtpHost: '', smtpPort: 465, smtpSecure: true, username: '' };

type Props = { action: BindImapAction; initial?: Omit<ImapFormValues, 'password'>; reconnect?: boolean; onCancel?: () => void };

/** The IMAP/SMTP binding: the servers check the credentials, so submitting takes seconds and says so. */
export function ImapForm({ action, initial = EMPTY_IMAP_FORM, reconnect = false, onCancel }: Props) {
  const t = useTranslations('mailboxSettings.form');
  const [values, setValues] = useState<ImapFormValues>({ ...initial, password: '' });
  const form = useActionForm(action, { successMessage: t('done'), refresh: true });
  const set = <K extends keyof ImapFormValues>(key: K) => (value: ImapFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'address' | 'imapHost' | 'smtpHost' | 'username') => ({
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    error: form.error(key),
  });
  // A refused binding asks for the password again: it is never sent back to the browser.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(values, () => setValues((current) => ({ ...current, password: '' })));
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={form.pending} data-testid="imap-form">
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput label={t('address')} description={t('addressHelp')} type="email" autoComplete="email" required {...text('address')} />
        <Fieldset legend={t('imapSection')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('host')} description={t('imapHostHelp')} required {...text('imapHost')} name="imapHost" />
            <NumberInput label={t('port')} description={t('imapPortHelp')} value={values.imapPort} onChange={set('imapPort')} error={form.error('imapPort')} allowDecimal={false} hideControls name="imapPort" />
            <Checkbox mt="xl" label={t('tls')} checked={values.imapSecure} onChange={(event) => set('imapSecure')(event.currentTarget.checked)} name="imapSecure" />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('smtpSection')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('host')} description={t('smtpHostHelp')} required {...text('smtpHost')} name="smtpHost" />
            <NumberInput label={t('port')} description={t('smtpPortHelp')} value={values.smtpPort} onChange={set('smtpPort')} error={form.error('smtpPort')} allowDecimal={false} hideControls name="smtpPort" />
            <Checkbox mt="xl" label={t('tls')} checked={values.smtpSecure} onChange={(event) => set('smtpSecure')(event.currentTarget.checked)} name="smtpSecure" />
          </SimpleGrid>
        </Fieldset>
        <TextInput label={t('username')} description={t('usernameHelp')} autoComplete="username" required {...text('username')} />
        <PasswordInput
          label={t('password')}
          description={t('passwordHelp')}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(event) => set('password')(event.currentTarget.value)}
          error={form.error('password')}
        />
        <Group gap="sm">
          <Button type="submit" loading={form.pending} loaderProps={{ type: 'dots' }}>
            {reconnect ? t('reconnectTitle') : t('submit')}
          </Button>
          {form.pending && (
            <span role="status" aria-live="polite">
              {t('pending')}
            </span>
          )}
          {onCancel && !form.pending && (
            <Button variant="subtle" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
