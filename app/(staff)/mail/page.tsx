import { Alert, Group, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { FolderTabs, type FolderParam } from '@/components/mailbox/folder-tabs';
import { MailboxSearch } from '@/components/mailbox/mailbox-search';
import { MailboxStatus } from '@/components/mailbox/mailbox-status';
import { ThreadList } from '@/components/mailbox/thread-list';
import { OutboxList } from '@/components/mail/outbox-list';
import { PageContainer } from '@/components/shell/page-container';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { mailIsCaptured } from '@/lib/mail/mailer';
import { listOutbox } from '@/lib/mail/outbox-view';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { listThreads, unreadCount } from '@/lib/mailbox/threads';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('mailbox');
  return { title: t('title') };
}

type Search = { cartella?: string; q?: string; dopo?: string };
const one = (value: unknown) => (typeof value === 'string' ? value : '');
const FOLDER_PARAMS: FolderParam[] = ['arrivo', 'inviata', 'uscita'];

/**
 * The campsite's mail: with a bound mailbox, its conversations (inbox, sent) next to the CRM's
 * own outgoing mail; without one, the outgoing mail and how to bind the mailbox.
 */
export default async function MailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { run } = await staffPage({ packLevel: 0 });
  const params = await searchParams;
  const t = await getTranslations('mailbox');
  const mailbox = await run((ctx) => findMailbox(ctx));
  const dopo = one(params.dopo) || null;

  if (!mailbox) {
    const outbox = await run((ctx) => listOutbox(ctx, dopo));
    return (
      <PageContainer>
        <Stack gap="md">
          <Alert color="blue" data-testid="mailbox-unbound">
            {t('state.unbound')} <LinkAnchor href="/manageGmail">{t('state.unboundLink')}</LinkAnchor>
          </Alert>
          <OutboxList page={outbox} captured={mailIsCaptured()} />
        </Stack>
      </PageContainer>
    );
  }

  const folder = FOLDER_PARAMS.find((value) => value === params.cartella) ?? 'arrivo';
  const q = one(params.q).trim().slice(0, 200);
  const unread = await run((ctx) => unreadCount(ctx));
  const query = (extra: Record<string, string>) => `/mail?${new URLSearchParams({ cartella: folder, ...(q ? { q } : {}), ...extra }).toString()}`;

  let content;
  if (folder === 'uscita') {
    content = <OutboxList page={await run((ctx) => listOutbox(ctx, dopo))} captured={mailIsCaptured()} nested />;
  } else {
    const list = (cursor: string | null) => run((ctx) => listThreads(ctx, { folder: folder === 'arrivo' ? 'INBOX' : 'SENT', search: q, cursor }));
    // A mangled ?dopo= (an edited or truncated address) shows the first page rather than an error.
    const page = await list(dopo).catch((error: unknown) => (error instanceof AppError ? list(null) : Promise.reject(error)));
    content = (
      <>
        <MailboxSearch folder={folder} q={q} />
        <ThreadList
          page={page}
          ownAddress={mailbox.address}
          emptyText={q ? t('list.noResults', { q }) : folder === 'arrivo' ? t('list.emptyInbox') : t('list.emptySent')}
          nextHref={page.nextCursor ? query({ dopo: page.nextCursor }) : null}
          firstHref={dopo ? query({}) : null}
        />
      </>
    );
  }

  return (
    <PageContainer>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          {mailbox.status === 'active' && <LinkButton href="/mail/nuova">{t('compose.new')}</LinkButton>}
        </Group>
        <MailboxStatus mailbox={mailbox} />
        <FolderTabs current={folder} unread={unread} />
        {content}
      </Stack>
    </PageContainer>
  );
}
