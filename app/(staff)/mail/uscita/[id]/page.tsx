import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailFrame } from '@/components/mail/mail-frame';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { outboxMailStatus } from '@/lib/mail/mail-status';
import { getOutboxMail } from '@/lib/mail/outbox-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mail.outbox'))('title') };
}

/** One outgoing mail as its recipient sees it, in a sandboxed frame. */
export default async function OutboxMailPage({ params }: { params: Promise<{ id: string }> }) {
  const { run } = await staffPage({ packLevel: 0 });
  const { id } = await params;
  const found = await run((ctx) => getOutboxMail(ctx, id)).catch((error) => {
    if (error instanceof AppError && error.kind === 'not_found') notFound();
    throw error;
  });
  const { mail, threadId, files } = found;
  const t = await getTranslations('mail.outbox');
  return (
    <PageContainer>
      <Stack gap="md">
        <LinkAnchor href="/mail" size="sm">
          ← {t('back')}
        </LinkAnchor>
        <Title order={1} size="h3">
          {mail.subject}
        </Title>
        <Group gap="sm">
          <MailStatusBadge status={outboxMailStatus(mail.status)} transport={mail.transport} />
          <Text size="sm">{formatDateTime(mail.sentAt ?? mail.createdAt)}</Text>
          {threadId && (
            <LinkAnchor href={`/tracciaMail/${encodeURIComponent(threadId)}`} size="sm">
              {t('thread')}
            </LinkAnchor>
          )}
        </Group>
        {mail.status === 'captured' && <Alert color="yellow">{t('capturedNote')}</Alert>}
        <Text size="sm">
          <b>{t('to')}:</b> {mail.recipients.join(', ')}
          {mail.replyTo ? ` · ${t('replyTo', { address: mail.replyTo })}` : ''}
        </Text>
        {files.length > 0 && (
          <Text size="sm" data-testid="mail-attachments">
            <b>{t('files')}:</b> {files.map((file) => `${file.fileName} (${Math.max(1, Math.round(file.byteSize / 1024))} KB)`).join(', ')}
          </Text>
        )}
        {(mail.status === 'failed' || mail.status === 'pending') && mail.lastError && (
          <Alert color="red" title={mail.status === 'failed' ? t('failedTitle') : t('retryTitle')}>
            <Text size="sm">{t('attempts', { count: mail.attempts })}</Text>
            {/* What the person can do; the provider's own words stay in the row and the server log. */}
            <Text size="sm">{mail.status === 'failed' ? t('failedHint') : t('retryHint')}</Text>
          </Alert>
        )}
        <MailFrame html={mail.html} title={mail.subject} height={640} />
      </Stack>
    </PageContainer>
  );
}
