import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDateTime } from '@/lib/format';
import { mailFrameHtml } from '@/lib/mailbox/frame-html';
import type { QuoteThread } from '@/lib/mailbox/quote-threads';
import { MarkReadButton, type MarkReadAction } from './mark-read-button';
import { MessageFrame } from '@/components/mailbox/message-frame';
import { QuoteReplyForm, type ReplyAction } from './quote-reply-form';

type Props = {
  quoteId: string;
  guestEmail: string | null;
  /** Null: no mailbox bound. */
  threads: QuoteThread[] | null;
  actions: { reply: ReplyAction; markRead: MarkReadAction };
};

/** On the quote's page: the mailbox conversations about it, each guest mail readable and answerable there. */
export async function QuoteConversation({ quoteId, guestEmail, threads, actions }: Props) {
  const t = await getTranslations('mailboxSettings.quote');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quote-conversation-title" data-testid="quote-conversation">
      <Stack gap="md">
        <Title order={2} size="h4" id="quote-conversation-title">
          {t('title')}
        </Title>
        {threads === null ? (
          <Text size="sm">
            {t('noMailbox')}{' '}
            <LinkAnchor href="/manageGmail" size="sm">
              {t('bindLink')}
            </LinkAnchor>
          </Text>
        ) : threads.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        ) : (
          threads.map((thread) => {
            const lastIn = thread.messages.findLast((message) => message.direction === 'in');
            return (
              <Stack key={thread.id} gap="sm" component="article" aria-label={thread.subject}>
                <Group justify="space-between" gap="sm">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {thread.subject}
                  </Text>
                  {thread.unreadCount > 0 && (
                    <Group gap="xs">
                      <Badge color="blue.9" variant="filled" tt="none">
                        {t('unread', { count: thread.unreadCount })}
                      </Badge>
                      <MarkReadButton threadId={thread.id} action={actions.markRead} />
                    </Group>
                  )}
                </Group>
                {thread.messages.map((message) => {
                  const frame = mailFrameHtml(message);
                  return (
                    <Stack key={message.id} gap={4} data-testid="conversation-message" data-direction={message.direction}>
                      <Group gap="xs">
                        <Badge color={message.direction === 'in' ? 'grape.9' : 'blue.9'} variant="filled" tt="none" radius="sm">
                          {message.direction === 'in' ? t('guest') : t('us')}
                        </Badge>
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {formatDateTime(message.sentAt)} · {message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress}
                        </Text>
                        {message.unread && message.direction === 'in' && (
                          <Badge color="blue.9" size="xs" tt="none">
                            {t('unread', { count: 1 })}
                          </Badge>
                        )}
                      </Group>
                      <MessageFrame {...frame} title={message.subject || thread.subject} height={message.direction === 'in' ? 320 : 220} />
                    </Stack>
                  );
                })}
                <QuoteReplyForm threadId={thread.id} quoteId={quoteId} to={lastIn?.fromAddress || guestEmail || ''} subject={lastIn?.subject || thread.subject} action={actions.reply} />
              </Stack>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
