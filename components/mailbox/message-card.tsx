import { Anchor, Badge, Group, List, ListItem, Paper, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { mailStatus } from '@/lib/mail/mail-status';
import { mailFrameHtml } from '@/lib/mailbox/frame-html';
import type { ThreadMessage } from '@/lib/mailbox/threads';
import { MessageFrame } from './message-frame';


/** One message of a conversation: who wrote to whom and when, its body and its attachments. */
export async function MessageCard({ message }: { message: ThreadMessage }) {
  const t = await getTranslations('mailbox.thread');
  // A message of the mailbox that we wrote has left through the mail provider: sent, in the one wording.
  const sentStatus = mailStatus({ direction: message.direction, outboxStatus: null, isSent: true });
  const from = message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress;
  return (
    <Paper component="article" withBorder p="md" data-testid="message-card" data-direction={message.direction} aria-label={`${from}, ${formatDateTime(message.sentAt)}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('from')}:
              </Text>{' '}
              {from}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('to')}:
              </Text>{' '}
              {message.to.join(', ')}
            </Text>
            {message.cc.length > 0 && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {t('cc')}:
                </Text>{' '}
                {message.cc.join(', ')}
              </Text>
            )}
          </Stack>
          <Group gap={6}>
            {message.unread && (
              <Badge color="blue" variant="filled">
                {t('unread')}
              </Badge>
            )}
            {sentStatus && <MailStatusBadge status={sentStatus} />}
            <Text size="sm" c="dimmed">
              <time dateTime={message.sentAt.toISOString()}>{formatDateTime(message.sentAt)}</time>
            </Text>
          </Group>
        </Group>
        {message.html ? (
          <MessageFrame
            {...mailFrameHtml(message)}
            title={t('frameTitle', {
              from,
              date: formatDateTime(message.sentAt),
            })}
          />
        ) : (
          <Text
            component="pre"
            size="sm"
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'inherit',
              margin: 0,
            }}
          >
            {message.text?.trim() || t('empty')}
          </Text>
        )}
        {message.attachments.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              {t('attachments')}
            </Text>
            <List size="sm">
              {message.attachments.map((file) => (
                <ListItem key={file.index} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor href={`/mail/allegato/${message.id}/${file.index}`} download={file.fileName} data-testid="mail-attachment">
                    {file.fileName}
                  </Anchor>{' '}
                  ({formatFileSize(file.byteSize)})
                </ListItem>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
