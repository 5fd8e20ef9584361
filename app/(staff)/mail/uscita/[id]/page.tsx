import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailFrame } from '@/components/mail/mail-frame';
import { STATUS_COLOR } from '@/components/mail/outbox-list';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { requireStaff } from '@/lib/auth/staff';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { getOutboxMail } from '@/lib/mail/outbox-view';
import { staffRead } from '@/lib/auth/staff-read';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mail.outbox'))('title') };
}

/** One outgoing mail as its recipient sees it, in a sandboxed frame. */
export default async function OutboxMailPage({ params }: { params: Promise<{ id: string }> }) {
  const tenant = await requireStaff({ packLevel: 0 });
  const { id } = await params;
  const found = await staffRead(tenant, (db) => getOutboxMail(db, tenant.campsiteId, id)).catch((error) => {
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
          <Badge color={STATUS_COLOR[mail.status]} variant="light" tt="none" radius="sm">
            {t(`statuses.${mail.status}`)}
          </Badge>
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
          {mail.replyTo ? ` · Reply-To: ${mail.replyTo}` : ''}
        </Text>
        {files.length > 0 && (
          <Text size="sm" data-testid="mail-attachments">
            <b>{t('files')}:</b> {files.map((file) => `${file.fileName} (${Math.max(1, Math.round(file.byteSize / 1024))} KB)`).join(', ')}
          </Text>
        )}
        {(mail.status === 'failed' || mail.status === 'pending') && mail.lastError && (
          <Alert color="red">
            {t('attempts', { count: mail.attempts })} · {t('lastError', { error: mail.lastError })}
          </Alert>
        )}
        <MailFrame html={mail.html} title={mail.subject} height={640} />
        <Text size="xs" c="dimmed">
          HTML: {(Buffer.byteLength(mail.html) / 1024).toFixed(1)} KB
        </Text>
      </Stack>
    </PageContainer>
  );
}
