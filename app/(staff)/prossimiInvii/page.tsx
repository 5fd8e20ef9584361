import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { StayLedgerTable } from '@/components/stays/ledger-table';
import { UpcomingStayMailsTable } from '@/components/stays/upcoming-table';
import { ViewLinks } from '@/components/stays/upcoming-views';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { listStayLedger } from '@/lib/stays/ledger-list';
import { romeToday } from '@/lib/stays/schedule';
import { anyStayMailOn, DEFAULT_HORIZON, listUpcomingStayMails, stayMailSettingsOf, UPCOMING_HORIZONS, type UpcomingHorizon } from '@/lib/stays/upcoming';
import { firstParam, type SearchParams } from '@/lib/vocabulary/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('stays.upcoming'))('title') };
}

const horizonOf = (value: string | undefined): UpcomingHorizon => UPCOMING_HORIZONS.find((days) => String(days) === value) ?? DEFAULT_HORIZON;
const SETTINGS_TAB = '/settings?v=campeggio&tab=soggiorno';

/** A mangled ?dopo= (an edited or truncated address) shows the first page rather than an error. */
const firstPageOnBadCursor = <T,>(load: (cursor: string | null) => Promise<T>, cursor: string | null) =>
  load(cursor).catch((error: unknown) => (error instanceof AppError && cursor ? load(null) : Promise.reject(error)));

/** «Prossimi invii automatici»: the stay mails still to go (computed, never stored), and those the ledger holds. */
export default async function UpcomingStayMailsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { tenant, run } = await staffPage({ packLevel: 10 });
  const params = await searchParams;
  const t = await getTranslations('stays.upcoming');
  const tl = await getTranslations('stays.ledger');
  const days = horizonOf(firstParam(params.giorni));
  const ledgerView = firstParam(params.vista) === 'registro';
  const cursor = firstParam(params.dopo) || null;
  const today = romeToday();
  const href = (query: Record<string, string>) => `/prossimiInvii?${new URLSearchParams(query).toString()}`;
  const base: Record<string, string> = ledgerView ? { vista: 'registro' } : { giorni: String(days) };

  let content;
  if (ledgerView) {
    const page = await firstPageOnBadCursor((at) => run((ctx) => listStayLedger(ctx, { cursor: at })), cursor);
    content = (
      <>
        <Title order={2} size="h3">
          {tl('title')}
        </Title>
        {page.items.length === 0 ? <Text c="dimmed">{tl('empty')}</Text> : <StayLedgerTable items={page.items} />}
        {page.nextCursor && <LinkButton href={href({ ...base, dopo: page.nextCursor })} variant="default" w="fit-content">{tl('more')}</LinkButton>}
        {cursor && <LinkAnchor href={href(base)} size="sm">{tl('first')}</LinkAnchor>}
      </>
    );
  } else {
    const [settings, page] = await run((ctx) => Promise.all([stayMailSettingsOf(ctx), firstPageOnBadCursor((at) => listUpcomingStayMails(ctx, { days, cursor: at, today }), cursor)]));
    const canConfigure = tenant.isAdmin || tenant.isOperator;
    content = (
      <>
        <ViewLinks label={t('horizon')} links={UPCOMING_HORIZONS.map((option) => ({ href: href({ giorni: String(option) }), label: t('days', { days: option }), current: option === days }))} />
        {page.items.length === 0 ? (
          <Stack gap="xs" data-testid="upcoming-empty">
            <Text c="dimmed">{t('empty', { days })}</Text>
            {!anyStayMailOn(settings) && (
              <Alert color="blue">
                {t('off')} {canConfigure && <LinkAnchor href={SETTINGS_TAB}>{t('settingsLink')}</LinkAnchor>}
              </Alert>
            )}
          </Stack>
        ) : (
          <UpcomingStayMailsTable items={page.items} today={today} />
        )}
        {page.nextCursor && <LinkButton href={href({ ...base, dopo: page.nextCursor })} variant="default" w="fit-content">{t('more')}</LinkButton>}
        {cursor && <LinkAnchor href={href(base)} size="sm">{t('first')}</LinkAnchor>}
      </>
    );
  }
  return (
    <PageContainer>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        <ViewLinks
          label={t('views')}
          links={[
            { href: href({ giorni: String(days) }), label: t('viewUpcoming'), current: !ledgerView },
            { href: href({ vista: 'registro' }), label: t('viewLedger'), current: ledgerView },
          ]}
        />
        {content}
      </Stack>
    </PageContainer>
  );
}
