'use client';

import { Button, Checkbox, Group, Paper, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { startLegacyImportAction } from '@/app/(staff)/settings/legacy-import-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';
import { NEW_CAMPSITE } from '@/lib/legacy-import-runs/validation';
import type { LoginErrorField } from '@/lib/legacy-import-runs/view';
import { ImportProgress } from './import-progress';
import type { ImportKind } from './kinds';

const EMPTY = { sourceUrl: '', email: '', password: '', campsiteId: NEW_CAMPSITE, dryRun: false };

type Props = { destinations: { id: string; name: string }[]; kinds: ImportKind[] };

/**
 * «Importa dal vecchio CRM»: the old address, a staff login there, the destination; then the run's
 * progress below. Errors show beside their field, the old CRM's refusal of the login too (it comes
 * from the job a moment later), and nothing typed is lost.
 */
export function LegacyImportForm({ destinations, kinds }: Props) {
  const t = useTranslations('legacyImport');
  const [values, setValues] = useState(EMPTY);
  const [current, setCurrent] = useState<string | null>(null);
  const [active, setActive] = useState(false);
  const [loginError, setLoginError] = useState<{ field: LoginErrorField; message: string } | null>(null);
  const form = useActionForm(startLegacyImportAction);
  const set = (key: 'sourceUrl' | 'email' | 'password') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [key]: value }));
  };
  const onLoginError = useCallback((field: LoginErrorField, message: string) => {
    setLoginError({ field, message });
    setCurrent(null);
  }, []);
  const onSettled = useCallback(() => setActive(false), []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setLoginError(null);
    form.submit(values, ({ importId }) => {
      notifications.show({ color: 'teal', message: t('startedToast'), autoClose: 3000 });
      setCurrent(importId);
      setActive(true);
    });
  };
  const error = (field: 'sourceUrl' | 'email' | 'password' | 'campsiteId') => form.error(field) ?? (loginError?.field === field ? loginError.message : undefined);
  const options = [{ value: NEW_CAMPSITE, label: t('destinationNew') }, ...destinations.map((campsite) => ({ value: campsite.id, label: `${campsite.name} (${campsite.id})` }))];

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} maw={640} noValidate aria-labelledby="legacy-import-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="legacy-import-form">
            {t('formTitle')}
          </Title>
          <TextInput label={t('sourceUrl')} description={t('sourceUrlHint')} type="url" required placeholder="https://" value={values.sourceUrl} onChange={set('sourceUrl')} error={error('sourceUrl')} />
          <TextInput label={t('email')} description={t('emailHint')} type="email" required autoComplete="off" value={values.email} onChange={set('email')} error={error('email')} />
          <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} label={t('password')} description={t('passwordHint')} required autoComplete="off" value={values.password} onChange={set('password')} error={error('password')} />
          <Select
            label={t('destination')}
            required
            searchable
            allowDeselect={false}
            data={options}
            value={values.campsiteId}
            onChange={(value) => setValues((previous) => ({ ...previous, campsiteId: value ?? NEW_CAMPSITE }))}
            error={error('campsiteId')}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox label={t('dryRun')} description={t('dryRunHint')} checked={values.dryRun} onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((previous) => ({ ...previous, dryRun: checked }));
          }} />
          <FormError message={form.formError} />
          <Group>
            <Button type="submit" loading={form.pending} disabled={active}>
              {values.dryRun ? t('startDryRun') : t('start')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {current && <ImportProgress key={current} importId={current} kinds={kinds} onLoginError={onLoginError} onSettled={onSettled} />}
    </Stack>
  );
}
