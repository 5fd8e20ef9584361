'use client';

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { callGuestApi } from './guest-api';

type Props = { campsiteId: string; quoteId: string; contactId: string; idx: number; summary: string; validUntil: string | null };

const KNOWN = ['expired', 'already_accepted', 'not_open', 'unknown_card'];

/**
 * Accepting is one tap and a confirmation. The page may come from the cache, so the validity
 * is checked here too: past it, the offer says so instead of offering the button.
 */
export function AcceptOffer({ campsiteId, quoteId, contactId, idx, summary, validUntil }: Props) {
  const t = useTranslations('guestQuote');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // The clock is read outside render (each render on the client, the server's own for its HTML).
  const pastValidity = () => validUntil !== null && Date.parse(validUntil) < Date.now();
  const expired = useBrowserValue(pastValidity, pastValidity);
  if (expired) return <Text size="sm" c="dimmed">{t('errors.expired')}</Text>;
  const accept = () =>
    startTransition(async () => {
      const answer = await callGuestApi(`/accettaPreventivo/${campsiteId}/${quoteId}/${idx}`, { cliente: contactId });
      if (!answer.ok) return setError(t(`errors.${KNOWN.includes(answer.code) ? answer.code : 'generic'}`));
      setOpened(false);
      router.refresh();
    });
  return (
    <>
      <Button onClick={() => { setError(null); setOpened(true); }} size="md">
        {t('accept')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('confirmTitle')} centered closeButtonProps={{ 'aria-label': t('cancel') }}>
        <Stack gap="md">
          <Text size="sm">{summary}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button onClick={accept} loading={pending}>
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
