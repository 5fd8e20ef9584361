'use client';

import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useActionState, useState } from 'react';

// The page hands the server action in: components sit below app/ and never import from it.
type LoginState = { error: string | null };
type Props = {
  login: (previous: LoginState, form: FormData) => Promise<LoginState>;
  notice: string | null;
  noticeIsInfo: boolean;
  callbackUrl: string;
};

export function LoginForm({ login, notice, noticeIsInfo, callbackUrl }: Props) {
  const t = useTranslations('login');
  const [state, action, pending] = useActionState<LoginState, FormData>(login, { error: null });
  // Controlled fields: React resets a form after its action, and nothing typed may be lost on an error.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form action={action} noValidate>
      <Stack gap="md">
        {state.error ? (
          <Alert color="red" role="alert" title={state.error} />
        ) : (
          notice && <Alert color={noticeIsInfo ? 'blue' : 'orange'} role="status" title={notice} />
        )}
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <TextInput
          name="email"
          type="email"
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          name="password"
          label={t('password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} fullWidth>
          {pending ? t('submitting') : t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
