'use client';

import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef } from 'react';

// The page hands the server action in: components sit below app/ and never import from it.
type TokenLoginState = { error: string | null };

/**
 * Spends the link with a POST (a GET could be spent by a link preview); it submits itself on
 * load, and the button covers a browser without JavaScript.
 */
export function TokenLogin({
  uuid,
  loginWithLink,
}: {
  uuid: string;
  loginWithLink: (previous: TokenLoginState, form: FormData) => Promise<TokenLoginState>;
}) {
  const t = useTranslations('tokenLogin');
  const [state, action, pending] = useActionState<TokenLoginState, FormData>(loginWithLink, { error: null });
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, []);
  return (
    <form ref={form} action={action}>
      <input type="hidden" name="uuid" value={uuid} />
      <Stack gap="md">
        {state.error ? (
          <>
            <Alert color="red" role="alert" title={t('failedTitle')}>
              {state.error}
            </Alert>
            <Button component={Link} href="/login" variant="light">
              {t('toLogin')}
            </Button>
          </>
        ) : (
          <Group gap="sm" role="status">
            {pending && <Loader size="sm" />}
            <Text>{t('working')}</Text>
            <noscript>
              <Button type="submit">{t('retry')}</Button>
            </noscript>
          </Group>
        )}
      </Stack>
    </form>
  );
}
