import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MailFrame } from '@/components/mail/mail-frame';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { getDb } from '@/db/client';
import { requireStaff } from '@/lib/auth/staff';
import { formatDateTime } from '@/lib/format';
import { threadMails } from '@/lib/mail/outbox-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mail.thread'))('title') };
}

/** tracciaMail: every mail of one thread, oldest first, with what it was about. */
export default async function ThreadPage({ params }: { params: Promise<{ thread: string }> }) {
  const tenant = await requireStaff();
  const { thread } = await params;
  const mails = await threadMails(getDb(), tenant.campsiteId, decodeURIComponent(thread));
  const t = await getTranslations('mail.thread');
  return (
    <PageContainer>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')} {mails[0] ? `· ${mails[0].subject}` : ''}
        </Title>
        {mails.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
        {mails.map((mail) => (
          <Card key={mail.id} withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Group gap="sm" justify="space-between">
                <Text fw={600}>{mail.subject}</Text>
                <Group gap="xs">
                  <Badge variant="light" color={mail.direction === 'in' ? 'grape' : 'blue'} tt="none" radius="sm">
                    {mail.direction === 'in' ? t('in') : t('out')}
                  </Badge>
                  {mail.direction === 'out' && (
                    <Badge variant="light" color={mail.isSent ? 'teal' : 'gray'} tt="none" radius="sm">
                      {mail.isSent ? t('sent') : t('notSent')}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {formatDateTime(mail.sentAt ?? mail.createdAt)} · {t('to', { to: mail.recipients.join(', ') })}
              </Text>
              <Group gap="md">
                {mail.contactId && (
                  <LinkAnchor href={`/clienti/${mail.contactId}`} size="sm">
                    {t('contact')}
                  </LinkAnchor>
                )}
                {mail.quoteId && mail.contactId && (
                  <LinkAnchor href={`/crea-preventivo/preview/${mail.contactId}/${mail.quoteId}`} size="sm">
                    {t('quote')}
                  </LinkAnchor>
                )}
              </Group>
              <MailFrame html={mail.body} title={mail.subject} height={420} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </PageContainer>
  );
}
