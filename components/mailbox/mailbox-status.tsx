import { Alert, Group, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDateTime } from '@/lib/format';
import type { MailboxView } from '@/lib/mailbox/mailbox-row';
import { SyncButton } from './sync-button';

/** The mailbox's state above the list: to reconnect, the last sync's error, when it last synced. */
export async function MailboxStatus({ mailbox }: { mailbox: MailboxView }) {
  const t = await getTranslations('mailbox');
  return (
    <>
      {mailbox.status === 'reconnect' && (
        <Alert color="red" title={t('state.reconnect')} data-testid="mailbox-reconnect">
          {mailbox.statusReason && <Text size="sm">{mailbox.statusReason}</Text>}
          <LinkAnchor href="/manageGmail" size="sm">
            {t('state.reconnectLink')}
          </LinkAnchor>
        </Alert>
      )}
      {mailbox.status === 'active' && mailbox.lastSyncError && (
        <Alert color="yellow" data-testid="mailbox-sync-error">
          {/* The stored reason is in words (lib/mailbox/sync.ts): what to check, no system error. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {mailbox.lastSyncError}
          </Text>
          <Text size="sm">{t('state.error')}</Text>
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="mailbox-last-sync">
          {t('sync.address', { address: mailbox.address })} ·{' '}
          {mailbox.syncing ? t('sync.running') : mailbox.lastSyncAt ? t('sync.last', { date: formatDateTime(mailbox.lastSyncAt) }) : t('sync.never')}
        </Text>
        {mailbox.status === 'active' && <SyncButton />}
      </Group>
    </>
  );
}
