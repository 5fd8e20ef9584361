import { Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { eq } from 'drizzle-orm';
import { getTranslations } from 'next-intl/server';
import { languages } from '@/db/schema';
import { QuoteMailPanel } from '@/components/mail/quote-mail-panel';
import { QuoteConversation } from '@/components/mailbox-settings/quote-conversation';
import { QuoteOwnerBar } from '@/components/follow-ups/quote-owner-bar';
import { QuoteQuestionsPanel } from '@/components/quote-questions/quote-questions-panel';
import { GuestLink } from '@/components/quotes/guest-link';
import { CardSummary } from '@/components/quotes/card-summary';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { QuoteActions } from '@/components/quotes/quote-actions';
import { QuoteHistory } from '@/components/quotes/quote-history';
import { displayQuoteName } from '@/components/quotes/quote-name';
import { QuoteOverview } from '@/components/quotes/quote-overview';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { staffPage } from '@/lib/context/staff';
import { quoteOwnerData } from '@/lib/follow-ups/page-data';
import { formatDateTime } from '@/lib/format';
import { loadQuoteMailPanel } from '@/lib/workflows/quote-mail-panel';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { quoteMailThreads } from '@/lib/mailbox/quote-threads';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { quoteQuestionThread } from '@/lib/quote-questions/threads';
import { markQuoteThreadReadAction, replyFromQuoteAction } from './mailbox-actions';
import { answerQuestionAction } from './question-actions';

type Props = { idCliente: string; idPreventivo: string; openMail: boolean };

/**
 * The staff's view of a quote as the guest will receive it, with what can be done next.
 * `openMail` opens the quote mail's preview at once (the old …/:mailPreview links).
 */
export async function QuotePreviewScreen({ idCliente, idPreventivo, openMail }: Props) {
  const { tenant, run } = await staffPage();
  const { detail, language, mailPanel, questions, threads, owner } = await run(async (ctx) => {
    const { db } = ctx;
    const detail = await quoteDetailOr404(ctx, idPreventivo, idCliente);
    const [language] = detail.quote.languageId
      ? await db.select({ name: languages.name }).from(languages).where(eq(languages.id, detail.quote.languageId))
      : [];
    // One after the other: a transaction runs one statement at a time anyway.
    const mailPanel = await loadQuoteMailPanel(ctx, detail);
    const mailbox = await findMailbox(ctx);
    const questions = await quoteQuestionThread(ctx, { quoteId: detail.quote.id });
    const threads = mailbox ? await quoteMailThreads(ctx, { quoteId: detail.quote.id }) : null;
    const owner = await quoteOwnerData(ctx);
    return { detail, language, mailPanel, questions, threads, owner };
  });
  const [t, tp, td] = await Promise.all([getTranslations('quotes'), getTranslations('progress'), getTranslations('quotes.detail')]);
  const { quote, cards } = detail;
  const name = displayQuoteName(quote.name, t('unnamed'));
  return (
    <PageContainer>
      <Stack gap="lg">
        <LinkAnchor href="/preventivi" size="sm">
          ← {t('preview.back')}
        </LinkAnchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('preview.title')}
            </Text>
            <Group gap="sm">
              <Title order={1} size="h2">
                {name}
              </Title>
              <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
            </Group>
          </div>
          <QuoteActions
            quoteId={quote.id}
            name={name}
            progress={quote.progress}
            cards={cards.map((card) => ({ idx: card.idx, label: `${t('card.title', { idx: card.idx + 1 })} · ${card.typologyName}`, priced: card.totalCents > 0 }))}
          />
        </Group>
        <QuoteOwnerBar subject="quote" quoteId={quote.id} assigneeId={quote.assigneeId} {...owner} />
        {mailPanel && <QuoteMailPanel detail={detail} panel={mailPanel} openMail={openMail} />}
        <QuoteQuestionsPanel questions={questions} offers={cards.map((card) => ({ idx: card.idx, name: card.typologyName }))} answer={answerQuestionAction} />
        <QuoteConversation quoteId={quote.id} guestEmail={detail.contact.email} threads={threads} actions={{ reply: replyFromQuoteAction, markRead: markQuoteThreadReadAction }} />
        {!['bozza', 'richiesta'].includes(quote.progress) && (
          <Group justify="space-between" gap="sm">
            <GuestLink path={guestQuotePath({ contactId: quote.contactId, quoteId: quote.id, campsiteId: tenant.campsiteId })} />
            {/* A plain link: the route answers with the file (Content-Disposition), no script needed. */}
            <Button
              component="a"
              href={`/crea-preventivo/preview/${encodeURIComponent(quote.contactId)}/${encodeURIComponent(quote.id)}/pdf`}
              variant="light"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              title={t('preview.downloadPdfHint')}
              data-testid="staff-quote-pdf"
            >
              {t('preview.downloadPdf')}
            </Button>
          </Group>
        )}
        <QuoteOverview detail={detail} languageName={language?.name ?? null} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {cards.map((card) => (
            <CardSummary
              key={card.id}
              card={card}
              accepted={quote.acceptedCardIdx === card.idx}
              footer={
                <LinkAnchor href={`/crea-preventivo/preview/${idCliente}/${quote.id}/scheda/${card.id}`} size="sm">
                  {t('card.open')}
                </LinkAnchor>
              }
            />
          ))}
        </SimpleGrid>
        {detail.request && (
          <>
            <Divider label={td('request')} labelPosition="left" />
            <Text style={{ whiteSpace: 'pre-wrap' }}>{detail.request.message || '—'}</Text>
          </>
        )}
        {detail.attempts.length > 0 && (
          <>
            <Divider label={td('attempts')} labelPosition="left" />
            {detail.attempts.map((attempt) => (
              <Text key={attempt.id} size="sm">
                {formatDateTime(attempt.at)} · {attempt.outcome === 'ok' ? td('attemptOk') : td('attemptFailed')}
                {attempt.error ? ` · ${attempt.error}` : ''}
              </Text>
            ))}
          </>
        )}
        <Divider label={td('history')} labelPosition="left" />
        <QuoteHistory events={detail.events} />
      </Stack>
    </PageContainer>
  );
}
