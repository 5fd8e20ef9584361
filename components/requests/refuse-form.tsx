'use client';

import { Alert, Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { refuseQuoteAction } from '@/app/(staff)/preventivi/actions';

const REASONS = ['reasonNoAvailability', 'reasonOutOfSeason', 'reasonIncomplete', 'reasonOther'] as const;

/** The refusal screen's form: a reason (with details) recorded in the quote's history. */
export function RefuseForm({ quoteId }: { quoteId: string }) {
  const t = useTranslations('quotes.requests');
  const tq = useTranslations('quotes');
  const router = useRouter();
  const [reason, setReason] = useState<(typeof REASONS)[number]>('reasonNoAvailability');
  const [details, setDetails] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = () =>
    startTransition(async () => {
      const text = [t(reason), details.trim()].filter(Boolean).join(': ');
      const answer = await refuseQuoteAction({ quoteId, reason: text });
      if (!answer.ok) return setFailure(answer.error);
      notifications.show({ color: 'green', message: t('refused') });
      router.push('/richieste');
    });
  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Radio.Group label={t('reason')} value={reason} onChange={(value) => setReason(value as (typeof REASONS)[number])}>
        <Stack gap="xs" mt="xs">
          {REASONS.map((key) => (
            <Radio key={key} value={key} label={t(key)} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea label={t('reasonDetails')} value={details} onChange={(event) => setDetails(event.currentTarget.value)} autosize minRows={3} />
      <Group>
        <Button color="red" onClick={submit} loading={pending}>
          {t('confirmRefuse')}
        </Button>
        <Button variant="default" onClick={() => router.back()} disabled={pending}>
          {tq('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
