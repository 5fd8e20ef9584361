import { Group, Paper, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { ComposeForm } from '@/components/mailbox/compose-form';
import { LinkPanel } from '@/components/mailbox/link-panel';
import { MarkReadOnOpen, MarkUnreadButton } from '@/components/mailbox/mark-read';
import { MessageCard } from '@/components/mailbox/message-card';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { guestQuotes } from '@/lib/mailbox/link-choices';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { getThread, type ThreadDetail } from '@/lib/mailbox/threads';

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { run } = await staffPage({ packLevel: 0 });
  const threadId = (await params).id;
  const thread = await run((ctx) => getThread(ctx, { threadId }));
  return {
    title: thread?.subject || (await getTranslations('mailbox'))('title'),
  };
}

/** Whom a reply goes to: the guest who wrote last, else those our last message went to. */
function replyTo(thread: ThreadDetail): string {
  const inbound = thread.messages.filter((message) => message.direction === 'in').at(-1);
  if (inbound) return inbound.fromAddress;
  return thread.messages.at(-1)?.to.join(', ') ?? '';
}

const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/** One conversation: its messages oldest first, its guests and quote, and the reply form. */
export default async function ConversationPage({ params }: Params) {
  const { run } = await staffPage({ packLevel: 0 });
  const { id } = await params;
  const t = await getTranslations('mailbox');
  const { thread, mailbox, quoteChoices } = await run(async (ctx) => {
    const thread = await getThread(ctx, { threadId: id });
    const mailbox = await findMailbox(ctx);
    const quoteChoices = thread ? (await Promise.all(thread.contacts.map((guest) => guestQuotes(ctx, guest.id)))).flat() : [];
    return { thread, mailbox, quoteChoices };
  });
  if (!thread) notFound();
  const canWrite = mailbox?.status === 'active';
  return (
    <PageContainer>
      <Stack gap="md">
        <LinkAnchor href="/mail" size="sm">
          ← {t('thread.back')}
        </LinkAnchor>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {thread.subject || t('list.noSubject')}
          </Title>
          {thread.inInbox && canWrite && <MarkUnreadButton threadId={thread.id} />}
        </Group>
        {canWrite && <MarkReadOnOpen threadId={thread.id} unread={thread.unreadCount > 0} />}
        <LinkPanel threadId={thread.id} guests={thread.contacts} quote={thread.quote} quoteChoices={quoteChoices} />
        <Stack gap="sm" data-testid="thread-messages">
          {thread.messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
        {canWrite && (
          <Paper withBorder p="md" component="section" aria-labelledby="rispondi">
            <Title order={2} size="h4" id="rispondi" mb="sm">
              {t('compose.replyTitle')}
            </Title>
            <ComposeForm threadId={thread.id} to={replyTo(thread)} subject={replySubject(thread.subject)} />
          </Paper>
        )}
      </Stack>
    </PageContainer>
  );
}
