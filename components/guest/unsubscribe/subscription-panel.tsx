'use client';

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';

type Props = { campsiteId: string; contactId: string; campsite: string; subscribed: boolean };

/**
 * The page itself changes nothing: a link checker opening it must not unsubscribe anyone.
 * The guest's click does, through the public annulla/iscriviNewsletter calls.
 */
export function SubscriptionPanel({ campsiteId, contactId, campsite, subscribed: initial }: Props) {
  const t = useTranslations('guestUnsubscribe');
  const [subscribed, setSubscribed] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const change = (path: '/annullaNewsletter' | '/iscriviNewsletter') =>
    startTransition(async () => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ camp: campsiteId, cliente: contactId }),
      }).catch(() => null);
      if (!response?.ok) {
        setFailed(true);
        return setMessage(t('error'));
      }
      setFailed(false);
      const nowSubscribed = path === '/iscriviNewsletter';
      setSubscribed(nowSubscribed);
      setMessage(t(nowSubscribed ? 'resubscribed' : 'unsubscribed', { campsite }));
    });
  return (
    <Stack gap="md">
      {message && (
        <Alert color={failed ? 'red' : 'green'} role="status" data-testid="unsubscribe-result">
          {message}
        </Alert>
      )}
      {!message && <Text>{subscribed ? t('subscribedText', { campsite }) : t('notSubscribed', { campsite })}</Text>}
      <Group>
        {subscribed ? (
          <Button color="red" onClick={() => change('/annullaNewsletter')} loading={pending}>
            {t('unsubscribe')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => change('/iscriviNewsletter')} loading={pending}>
            {t('resubscribe')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
