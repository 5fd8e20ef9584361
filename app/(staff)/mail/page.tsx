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
import { outboxFiltered, outboxListHref, parseOutboxListParams, type OutboxListParams } from '@/lib/mail/outbox-list-params';
import { listOutbox } from '@/lib/mail/outbox-view';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { listThreads, unreadCount } from '@/lib/mailbox/threads';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('mailbox');
  return { title: t('title') };
}

type Search = Record<string, string | string[] | undefined>;
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
  const outboxParams = parseOutboxListParams(params);
  const outbox = () => run((ctx) => outboxOrUnfiltered(ctx, outboxParams));

  if (!mailbox) {
    return (
      <PageContainer>
        <Stack gap="md">
          <Alert color="blue" data-testid="mailbox-unbound">
            {t('state.unbound')} <LinkAnchor href="/manageGmail">{t('state.unboundLink')}</LinkAnchor>
          </Alert>
          <OutboxList {...await outbox()} captured={mailIsCaptured()} />
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
    content = <OutboxList {...await outbox()} captured={mailIsCaptured()} nested />;
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

/**
 * The outbox with the filters of its address (a dashboard figure's link): the mails that left on
 * those days. Dates that do not read as days show the whole outbox and say why.
 */
async function outboxOrUnfiltered(ctx: CampsiteCtx, params: OutboxListParams) {
  const filtered = outboxFiltered(params);
  try {
    return { page: await listOutbox(ctx, params), filters: filtered ? params : null, filterError: null, hrefFor: (cursor: string | null) => outboxListHref({ ...params, cursor }) };
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'bad_request') throw error;
    const plain: OutboxListParams = { sentOnly: false, dateFrom: '', dateTo: '' };
    return { page: await listOutbox(ctx, plain), filters: null, filterError: error.message, hrefFor: (cursor: string | null) => outboxListHref({ ...plain, cursor }) };
  }
}
