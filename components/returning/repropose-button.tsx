'use client';

import { Alert, Button, Stack } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { reproposeLastStayAction } from '@/app/(staff)/richieste/actions';

/**
 * "Riproponi l'anno scorso": drafts last season's stay and opens the editor on it. The button is
 * disabled while the action runs; the action itself is idempotent for a click that slips through.
 */
export function ReproposeButton({ contactId, quoteId = null }: { contactId: string; quoteId?: string | null }) {
  const t = useTranslations('returningGuests');
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      setFailure(null);
      const answer = await reproposeLastStayAction({ contactId, quoteId });
      if (!answer.ok) return setFailure(answer.error);
      const query = new URLSearchParams({ riproposto: String(answer.data.fromYear) });
      if (answer.data.resource) {
        query.set('risorsa', answer.data.resource.status);
        query.set('unita', answer.data.resource.label);
      }
      router.push(`/preventivo/edit/${answer.data.quoteId}?${query.toString()}`);
    });
  return (
    <Stack gap="xs">
      <Button onClick={run} loading={pending} disabled={pending} variant="light" color="teal" leftSection={<IconRepeat size={16} aria-hidden />} title={t('reproposeHint')}>
        {t('repropose')}
      </Button>
      {failure && <Alert color="red" role="alert" title={failure} data-testid="repropose-error" />}
    </Stack>
  );
}
