import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MailFrame } from '@/components/mail/mail-frame';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { MessageFrame } from '@/components/mailbox/message-frame';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { staffPage } from '@/lib/context/staff';
import { formatDateTime } from '@/lib/format';
import { sanitizeHtml } from '@/lib/html/sanitize';
import { mailFrameHtml } from '@/lib/mailbox/frame-html';
import { traceThreadTimeline } from '@/lib/mailbox/timeline';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mail.thread'))('title') };
}

/** tracciaMail: every mail of one thread and the guest's answers from the mailbox, oldest first. */
export default async function ThreadPage({ params }: { params: Promise<{ thread: string }> }) {
  const { run } = await staffPage();
  const { thread } = await params;
  const items = await run((ctx) => traceThreadTimeline(ctx, { threadId: decodeURIComponent(thread) }));
  const [t, tm] = await Promise.all([getTranslations('mail.thread'), getTranslations('mailboxSettings.thread')]);
  const contactId = items.find((item) => item.contactId)?.contactId ?? null;
  return (
    <PageContainer>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')} {items[0] ? `· ${items[0].subject}` : ''}
        </Title>
        {items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
        {items.map((item) => (
          <Card key={`${item.kind}:${item.id}`} withBorder radius="md" padding="md" data-kind={item.kind}>
            <Stack gap="xs">
              <Group gap="sm" justify="space-between">
                <Text fw={600}>{item.subject}</Text>
                <Group gap="xs">
                  {item.kind === 'casella' ? (
                    <Badge variant="light" color={item.direction === 'in' ? 'grape' : 'blue'} tt="none" radius="sm">
                      {item.direction === 'in' ? tm('reply') : tm('fromMailbox')}
                    </Badge>
                  ) : (
                    <Badge variant="light" color={item.direction === 'in' ? 'grape' : 'blue'} tt="none" radius="sm">
                      {item.direction === 'in' ? t('in') : t('out')}
                    </Badge>
                  )}
                  {item.kind === 'traccia' && item.status && <MailStatusBadge status={item.status} />}
                </Group>
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(item.date)} · {item.from ? `${tm('from', { from: item.from })} · ` : ''}
                {t('to', { to: item.to.join(', ') })}
              </Text>
              {item.kind === 'traccia' && (
                <Group gap="md">
                  {item.contactId && (
                    <LinkAnchor href={`/clienti/${item.contactId}`} size="sm">
                      {t('contact')}
                    </LinkAnchor>
                  )}
                  {item.quoteId && item.contactId && (
                    <LinkAnchor href={`/crea-preventivo/preview/${item.contactId}/${item.quoteId}`} size="sm">
                      {t('quote')}
                    </LinkAnchor>
                  )}
                </Group>
              )}
              {item.kind === 'traccia' ? (
                <MailFrame html={sanitizeHtml(item.html ?? '')} title={item.subject} height={420} />
              ) : (
                <MessageFrame {...mailFrameHtml(item)} title={item.subject} height={360} />
              )}
              {item.kind === 'casella' && item.quoteId && contactId && (
                <LinkAnchor href={`/crea-preventivo/preview/${contactId}/${item.quoteId}`} size="sm">
                  {t('quote')}
                </LinkAnchor>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </PageContainer>
  );
}
