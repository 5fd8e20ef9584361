'use client';

import { Button, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { inviteImportedUsersAction } from '@/app/(staff)/settings/legacy-import-actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';

type Outcome = { invited: string[]; alreadyInvited: string[] };

/**
 * Under a finished import's report: the users it brought over have no password (none crosses), so
 * the operator sends each a one-time link when the campsite is ready for them, after a confirmation.
 */
export function InviteUsers({ importId, waiting }: { importId: string; waiting: number }) {
  const t = useTranslations('legacyImport');
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function invite() {
    setPending(true);
    setError(null);
    const answer = await inviteImportedUsersAction({ importId });
    setPending(false);
    if (!answer.ok) return setError(answer.error);
    setOutcome(answer.data);
    setOpened(false);
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={`legacy-import-invite-${importId}`}>
      <Title order={3} size="h5" id={`legacy-import-invite-${importId}`}>
        {t('inviteTitle')}
      </Title>
      <Text size="sm">{t('inviteWaiting', { count: waiting })}</Text>
      {waiting > 0 && !outcome && (
        <div>
          <Button variant="light" onClick={() => setOpened(true)}>
            {t('inviteButton')}
          </Button>
        </div>
      )}
      {outcome && (
        <div role="status">
          {outcome.invited.length === 0 && outcome.alreadyInvited.length === 0 && <Text size="sm">{t('inviteNone')}</Text>}
          {outcome.invited.length > 0 && <Addresses title={t('inviteSent', { count: outcome.invited.length })} addresses={outcome.invited} />}
          {outcome.alreadyInvited.length > 0 && <Addresses title={t('inviteAlready')} addresses={outcome.alreadyInvited} />}
        </div>
      )}
      <ConfirmModal
        opened={opened}
        title={t('inviteConfirmTitle')}
        message={t('inviteConfirm', { count: waiting })}
        confirmLabel={t('inviteButton')}
        cancelLabel={t('inviteCancel')}
        pending={pending}
        error={error}
        onConfirm={invite}
        onClose={() => {
          setOpened(false);
          setError(null);
        }}
      />
    </Stack>
  );
}

function Addresses({ title, addresses }: { title: string; addresses: string[] }) {
  return (
    <>
      <Text size="sm">{title}</Text>
      <List size="sm" spacing={2}>
        {addresses.map((address) => (
          <ListItem key={address} style={{ overflowWrap: 'anywhere' }}>
            {address}
          </ListItem>
        ))}
      </List>
    </>
  );
}
