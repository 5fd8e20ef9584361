'use client';

import { Alert, Badge, Button, Group, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ActionResult } from '@/lib/actions';
import { GOOGLE_START_PATH } from './connect-choices';
import { ImapForm, type BindImapAction, type ImapFormValues } from './imap-form';

export type BoundMailboxInfo = {
  provider: 'gmail' | 'imap';
  address: string;
  reconnect: boolean;
  statusReason: string | null;
  syncing: boolean;
  /** dd/mm/yyyy HH:mm, Europe/Rome, formatted by the server. */
  lastSync: string | null;
  lastSyncSeconds: number | null;
  lastSyncError: string | null;
  imap: Omit<ImapFormValues, 'password'> | null;
};

export type MailboxActions = {
  bindImap: BindImapAction;
  syncNow: (input: Record<string, never>) => Promise<ActionResult<{ requested: boolean }>>;
  unbind: (input: Record<string, never>) => Promise<ActionResult<{ unbound: boolean; revoked: boolean }>>;
};

/** The bound mailbox: its state, a sync on demand, reconnecting after a refusal, unbinding after a confirmation. */
export function BoundMailbox({ mailbox, actions }: { mailbox: BoundMailboxInfo; actions: MailboxActions }) {
  const t = useTranslations('mailboxSettings.bound');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [reconnecting, setReconnecting] = useState(false);

  const syncNow = () =>
    startTransition(async () => {
      const result = await actions.syncNow({});
      notifications.show(result.ok ? { color: 'teal', message: t('syncRequested'), autoClose: 3000 } : { color: 'red', message: result.error });
      router.refresh();
    });
  const unbind = () =>
    startTransition(async () => {
      const result = await actions.unbind({});
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setConfirming(false);
      notifications.show({ color: result.data.revoked ? 'teal' : 'yellow', message: result.data.revoked ? t('unbound') : t('unboundNotRevoked'), autoClose: result.data.revoked ? 3000 : 10_000 });
      router.refresh();
    });

  return (
    <Stack gap="md">
      {mailbox.reconnect && (
        <Alert color="red" title={t('reconnectTitle')} role="alert">
          <Stack gap="sm" align="flex-start">
            {mailbox.statusReason && <Text size="sm">{mailbox.statusReason}</Text>}
            {mailbox.provider === 'gmail' ? (
              <Button component="a" href={GOOGLE_START_PATH} color="red.9">
                {t('reconnect')}
              </Button>
            ) : (
              !reconnecting && (
                <Button color="red.9" onClick={() => setReconnecting(true)}>
                  {t('reconnect')}
                </Button>
              )
            )}
          </Stack>
        </Alert>
      )}
      {reconnecting && mailbox.imap && (
        <Paper withBorder p="md" radius="md">
          <ImapForm action={actions.bindImap} initial={{ ...mailbox.imap, address: mailbox.address }} reconnect onCancel={() => setReconnecting(false)} />
        </Paper>
      )}
      {mailbox.lastSyncError && !mailbox.reconnect && (
        <Alert color="yellow" title={t('syncError')}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {mailbox.lastSyncError}
          </Text>
          <Text size="sm">{t('syncErrorHint')}</Text>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" data-testid="bound-mailbox">
        <Stack gap="md">
          <Table variant="vertical" withRowBorders={false} layout="fixed">
            <TableTbody>
              <TableTr>
                <TableTh w={200}>{t('provider')}</TableTh>
                <TableTd>
                  <Text fw={600} span style={{ overflowWrap: 'anywhere' }}>
                    {mailbox.address}
                  </Text>{' '}
                  · {mailbox.provider === 'gmail' ? t('gmail') : t('imap')}
                </TableTd>
              </TableTr>
              <TableTr>
                <TableTh>{t('state')}</TableTh>
                <TableTd>
                  {mailbox.syncing ? (
                    <Badge color="blue.9" variant="filled" tt="none">
                      {t('syncing')}
                    </Badge>
                  ) : mailbox.reconnect ? (
                    <Badge color="red.9" variant="filled" tt="none">
                      {t('reconnectTitle')}
                    </Badge>
                  ) : (
                    <Badge color="teal.9" variant="filled" tt="none">
                      {t('active')}
                    </Badge>
                  )}
                </TableTd>
              </TableTr>
              <TableTr>
                <TableTh>{t('lastSync')}</TableTh>
                <TableTd>{mailbox.lastSync ? t('lastSyncValue', { date: mailbox.lastSync, seconds: mailbox.lastSyncSeconds ?? 0 }) : t('never')}</TableTd>
              </TableTr>
            </TableTbody>
          </Table>
          <Group gap="sm">
            {!mailbox.reconnect && (
              <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={syncNow} loading={pending && !confirming}>
                {t('syncNow')}
              </Button>
            )}
            <Button color="red.9" variant="outline" leftSection={<IconPlugConnectedX size={16} aria-hidden />} onClick={() => setConfirming(true)}>
              {t('unbind')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmModal
        opened={confirming}
        title={t('unbindTitle')}
        message={t('unbindText', { address: mailbox.address })}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        danger
        pending={pending}
        error={error}
        onConfirm={unbind}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
