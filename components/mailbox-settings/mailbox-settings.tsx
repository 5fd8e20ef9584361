import { Alert, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import type { MailboxView } from '@/lib/mailbox/mailbox-row';
import { BoundMailbox, type BoundMailboxInfo, type MailboxActions } from './bound-mailbox';
import { ConnectChoices } from './connect-choices';

const RESULT_COLORS = { collegato: 'teal', annullato: 'gray', 'non-configurato': 'yellow', errore: 'red' } as const;
type Outcome = keyof typeof RESULT_COLORS;

export type OAuthResult = { esito?: string; messaggio?: string };

function boundInfo(view: MailboxView): BoundMailboxInfo {
  return {
    provider: view.provider,
    address: view.address,
    reconnect: view.status === 'reconnect',
    statusReason: view.statusReason,
    syncing: view.syncing,
    lastSync: view.lastSyncAt ? formatDateTime(view.lastSyncAt) : null,
    lastSyncSeconds: view.lastSyncMs === null ? null : Math.round(view.lastSyncMs / 100) / 10,
    lastSyncError: view.lastSyncError,
    imap: view.imap ? { ...view.imap, address: view.address } : null,
  };
}

/** /manageGmail and Impostazioni › Casella di posta: bind the campsite's mailbox, see its state, unbind it. */
export async function MailboxSettings({ mailbox, googleReady, result, actions }: { mailbox: MailboxView | null; googleReady: boolean; result: OAuthResult; actions: MailboxActions }) {
  const t = await getTranslations('mailboxSettings');
  const outcome = result.esito && result.esito in RESULT_COLORS ? (result.esito as Outcome) : null;
  const message = result.messaggio?.slice(0, 300);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {outcome && (
        <Alert color={RESULT_COLORS[outcome]} role={outcome === 'errore' ? 'alert' : 'status'} data-testid="oauth-result">
          {outcome === 'errore' && message ? t('result.erroreWith', { message }) : t(`result.${outcome}`)}
        </Alert>
      )}
      {mailbox ? <BoundMailbox mailbox={boundInfo(mailbox)} actions={actions} /> : <ConnectChoices googleReady={googleReady} bindImap={actions.bindImap} />}
    </Stack>
  );
}
