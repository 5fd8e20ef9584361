import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { LinkButton } from '@/components/ui/link-button';
import { formatTimeOrDate } from '@/lib/format';
import type { ThreadSummary } from '@/lib/mailbox/threads';
import type { Page } from '@/lib/pagination';
import classes from './thread-list.module.css';

/** Who the conversation is with: the linked guests' names, else the others' display names (or addresses). */
export function threadPeople(thread: Pick<ThreadSummary, 'contacts' | 'participants' | 'senderNames'>, ownAddress: string): string {
  if (thread.contacts.length > 0) return thread.contacts.map((contact) => contact.name).join(', ');
  const others = thread.participants.filter((address) => address !== ownAddress.toLowerCase());
  return (others.length > 0 ? others : thread.participants).map((address) => thread.senderNames[address.toLowerCase()] ?? address).join(', ');
}

type Props = {
  page: Page<ThreadSummary>;
  ownAddress: string;
  emptyText: string;
  nextHref: string | null;
  firstHref: string | null;
};

/** The conversations of a folder, newest first; unread ones in bold with their count. */
export async function ThreadList({ page, ownAddress, emptyText, nextHref, firstHref }: Props) {
  const t = await getTranslations('mailbox.list');
  const now = new Date();
  return (
    <Stack gap="xs">
      {page.items.length === 0 ? (
        <Text c="dimmed" data-testid="mailbox-empty">
          {emptyText}
        </Text>
      ) : (
        <ul className={classes.list} data-testid="thread-list">
          {page.items.map((thread) => {
            const unread = thread.unreadCount > 0;
            return (
              <li key={thread.id}>
                <Link href={`/mail/conversazione/${thread.id}`} className={classes.row} data-unread={unread || undefined}>
                  <Paper withBorder p="sm" className={classes.card}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text fw={unread ? 700 : 400} truncate="end" style={{ minWidth: 0 }}>
                        {threadPeople(thread, ownAddress)}
                      </Text>
                      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                        {unread && (
                          <Badge size="sm" color="blue" variant="filled">
                            {t('unread', { count: thread.unreadCount })}
                          </Badge>
                        )}
                        <Text size="sm" c="dimmed" fw={unread ? 700 : 400}>
                          <time dateTime={thread.lastMessageAt.toISOString()}>{formatTimeOrDate(thread.lastMessageAt, now)}</time>
                        </Text>
                      </Group>
                    </Group>
                    <Text fw={unread ? 700 : 400} size="sm" truncate="end">
                      {thread.subject || t('noSubject')}
                      {thread.messageCount > 1 ? ` · ${t('messages', { count: thread.messageCount })}` : ''}
                    </Text>
                    <Text size="sm" c="dimmed" truncate="end">
                      {thread.snippet}
                    </Text>
                  </Paper>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Group gap="xs">
        {firstHref && (
          <LinkButton href={firstHref} variant="subtle">
            {t('first')}
          </LinkButton>
        )}
        {nextHref && (
          <LinkButton href={nextHref} variant="default">
            {t('more')}
          </LinkButton>
        )}
      </Group>
    </Stack>
  );
}
