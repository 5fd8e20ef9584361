import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { QuoteOwnerBar } from '@/components/follow-ups/quote-owner-bar';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { RequestDetails } from '@/components/requests/request-details';
import { LastStaySection } from '@/components/returning/last-stay-section';
import { ReproposeButton } from '@/components/returning/repropose-button';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { quoteOwnerData } from '@/lib/follow-ups/page-data';
import { formatDateTime } from '@/lib/format';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { requestPreview } from '@/lib/requests/preview';
import { lastStaysForQuotes } from '@/lib/quotes/returning-guests';

type Params = { idPreventivo: string; clienteID?: string };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.requests'))('previewTitle') };
}

/** A guest's request as they sent it, and the two ways forward: prepare the quote or refuse. */
export default async function RequestPreviewPage({ params }: { params: Promise<Params> }) {
  const { run } = await staffPage();
  const { idPreventivo, clienteID } = await params;
  const { detail, preview, lastStay, owner } = await run(async (ctx) => {
    const found = await quoteDetailOr404(ctx, idPreventivo, clienteID);
    return {
      detail: found,
      preview: found.request ? await requestPreview(ctx.db, found.request, found.contact) : null,
      lastStay: (await lastStaysForQuotes(ctx, { quoteIds: [found.quote.id] })).get(found.quote.id) ?? null,
      owner: await quoteOwnerData(ctx),
    };
  });
  const [t, tp, tr] = await Promise.all([getTranslations('quotes.requests'), getTranslations('progress'), getTranslations('returningGuests')]);
  const { quote, contact, request } = detail;
  const open = quote.progress === 'richiesta';
  return (
    <PageContainer>
      <Stack gap="lg">
        <LinkAnchor href="/richieste" size="sm">
          ← {t('title')}
        </LinkAnchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('previewTitle')}
            </Text>
            <Group gap="sm">
              <Title order={1} size="h2">
                {contactName(contact)}
              </Title>
              <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
              {lastStay && (
                <Badge variant="light" color="teal" data-testid="returning-badge">
                  {tr('badge')}
                </Badge>
              )}
            </Group>
            {request && (
              <Text c="dimmed">
                {t('received')} {formatDateTime(request.createdAt)}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {open ? (
              <>
                <LinkButton href={`/preventivo/edit/${quote.id}`}>{t('prepare')}</LinkButton>
                <LinkButton href={`/richieste/refuse/${quote.id}`} variant="default">
                  {t('refuse')}
                </LinkButton>
              </>
            ) : (
              <LinkButton href={`/crea-preventivo/preview/${contact.id}/${quote.id}`} variant="light">
                {(await getTranslations('quotes.drawer'))('openPreview')}
              </LinkButton>
            )}
          </Group>
        </Group>
        <QuoteOwnerBar subject={open ? 'request' : 'quote'} quoteId={quote.id} assigneeId={quote.assigneeId} {...owner} />
        {lastStay && (
          <LastStaySection
            stay={lastStay}
            action={quote.progress === 'richiesta' || quote.progress === 'bozza' ? <ReproposeButton contactId={contact.id} quoteId={quote.id} /> : undefined}
          />
        )}
        {!request || !preview ? <Alert color="orange">{t('notARequest')}</Alert> : <RequestDetails preview={preview} />}
      </Stack>
    </PageContainer>
  );
}
