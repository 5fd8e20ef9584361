import { GuestFrame } from '@/components/guest/guest-frame';
import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { guestStateNow, validityOf } from '@/lib/public-quotes/validity';
import type { GuestQuoteIds, GuestQuoteView } from '@/lib/public-quotes/view';
import { AcceptOffer, type AcceptTexts } from './accept-offer';
import { CampsiteInfo } from './campsite-info';
import documentStyles from './document.module.css';
import { MarkRead } from './mark-read';
import { GuestCard } from './guest-card';
import { OfferQuestions, QuoteQuestions, askTexts } from './quote-questions';
import { QuoteIslandsProvider } from './quote-islands';
import { RenameQuote } from './rename-quote';
import { RenewQuote } from './renew-quote';
import styles from './quote.module.css';
import { ValidityNote } from './validity-note';

/**
 * The mini-site's content in the guest's language; it reads nothing of the request, so the page
 * is cached whole. With `cardId`, one offer in full (the card detail page).
 *
 * Server components and plain HTML: the browser downloads only the small islands (accept,
 * rename, read mark, ask a question), which get their few texts already translated as props.
 */
export async function GuestQuoteBody({ ids, view, cardId }: { ids: GuestQuoteIds; view: GuestQuoteView; cardId?: string }) {
  const { locale, quote, campsite, guest } = view;
  const { t } = await guestTranslator(locale, 'guestQuote', view.texts);
  const base = guestQuotePath(ids);
  const cards = cardId ? view.cards.filter((card) => card.id === cardId) : view.cards;
  const now = new Date();
  const validity = quote.validUntil ? validityOf(quote.validUntil, now) : null;
  const state = guestStateNow(quote, now);
  const expired = state === 'expired';
  const banner =
    quote.state === 'accepted' && quote.acceptedCardIdx !== null
      ? { color: styles.green, text: t('accepted', { idx: quote.acceptedCardIdx + 1 }) }
      : quote.state === 'booked'
        ? { color: styles.green, text: t('booked') }
        : expired && cardId
          ? { color: styles.orange, text: t('expired', { date: quote.validUntil ? formatGuestDate(quote.validUntil, locale) : '' }) }
          : quote.state === 'closed'
            ? { color: styles.gray, text: t('closed') }
            : quote.state === 'preparing'
              ? { color: styles.blue, text: t('preparing') }
              : null;
  const acceptTexts: AcceptTexts = {
    accept: t('accept'),
    confirmTitle: t('confirmTitle'),
    confirm: t('confirm'),
    cancel: t('cancel'),
    errors: {
      expired: t('errors.expired'),
      already_accepted: t('errors.already_accepted'),
      not_open: t('errors.not_open'),
      unknown_card: t('errors.unknown_card'),
      generic: t('errors.generic'),
    },
  };
  const questionTexts = askTexts(t, campsite.name);
  const shownIds = view.questions.map((question) => question.id);
  const offerIdxs = new Set(view.cards.map((card) => card.idx));
  // A question about an offer the page no longer shows belongs with the quote's own.
  const generalQuestions = view.questions.filter((question) => question.cardIdx === null || !offerIdxs.has(question.cardIdx));
  return (
    <>
      <MarkRead ids={ids} awaiting={quote.awaitingRead} staffPreviewText={t('staffPreview')} />
      <GuestFrame locale={locale}>
        <QuoteIslandsProvider value={{ ids, locale, validUntil: quote.validUntil, shownIds, accept: acceptTexts, ask: questionTexts }}>
        <div className={styles.stack}>
          <div className={documentStyles.heading}>
            <div>
              <p className={styles.campsiteName}>{campsite.name}</p>
              <RenameQuote
                campsiteId={ids.campsiteId}
                quoteId={ids.quoteId}
                contactId={ids.contactId}
                name={quote.name}
                texts={{ untitled: t('untitled'), rename: t('rename'), renameLabel: t('renameLabel'), save: t('save'), error: t('errors.generic') }}
              />
              {quote.validUntil && validity && quote.state === 'open' && <ValidityNote validUntil={quote.validUntil} validity={validity} locale={locale} t={t} />}
            </div>
            {/* A plain link: the route answers with the file, so it works without script too. */}
            {view.cards.length > 0 && (
              <a className={`${styles.button} ${styles.secondary} ${documentStyles.pdf}`} href={`${base}/pdf`} download title={t('document.downloadHint')} data-testid="guest-quote-pdf">
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                  <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" />
                </svg>
                {t('document.download')}
              </a>
            )}
          </div>
          {!cardId && (
            <p className={styles.paragraph}>
              {t('greeting', { name: `${guest.firstName} ${guest.lastName}`.trim() })} {state === 'open' ? t('intro') : ''}
            </p>
          )}
          {banner && (
            <div className={`${styles.banner} ${banner.color}`} role="status" data-testid="guest-quote-state">
              {banner.text}
            </div>
          )}
          {expired && !cardId && (
            <RenewQuote
              campsiteId={ids.campsiteId}
              quoteId={ids.quoteId}
              contactId={ids.contactId}
              texts={{
                title: t('document.expiredTitle'),
                text: t('document.expiredText', { date: quote.validUntil ? formatGuestDate(quote.validUntil, locale) : '' }),
                renew: t('document.renew'),
                renewed: t('document.renewed'),
                renewedBefore: t('document.renewedBefore'),
                rateLimited: t('document.rateLimited'),
                generic: t('errors.generic'),
              }}
            />
          )}
          {cardId && (
            <a className={styles.link} href={base}>
              ← {t('back')}
            </a>
          )}
          {cards.length === 0 && <p className={`${styles.paragraph} ${styles.dimmed}`}>{t('noOffers')}</p>}
          {cards.map((card) => {
            const accepted = quote.acceptedCardIdx === card.idx;
            const dates = card.arrival && card.departure ? t('dates', { arrival: formatGuestDate(card.arrival, locale), departure: formatGuestDate(card.departure, locale) }) : '';
            return (
              <GuestCard
                key={card.id}
                card={card}
                t={t}
                locale={locale}
                accepted={accepted}
                dimmed={quote.acceptedCardIdx !== null && !accepted}
                full
                detailsLink={
                  cardId ? undefined : (
                    <a className={styles.link} href={`${base}/${card.id}`}>
                      {t('details')}
                    </a>
                  )
                }
                action={
                  state === 'open' ? (
                    <AcceptOffer
                      idx={card.idx}
                      acceptedText={t('accepted', { idx: card.idx + 1 })}
                      summary={t('confirmText', { offer: `${t('offer', { idx: card.idx + 1 })} – ${card.typologyName}`, dates, total: formatGuestMoney(card.totalCents, locale) })}
                    />
                  ) : undefined
                }
                footer={
                  <OfferQuestions
                    cardIdx={card.idx}
                    questions={view.questions.filter((question) => question.cardIdx === card.idx)}
                    locale={locale}
                    texts={questionTexts}
                  />
                }
              />
            );
          })}
          <QuoteQuestions questions={generalQuestions} locale={locale} texts={questionTexts} t={t} />
          <CampsiteInfo contacts={campsite.contacts} hours={campsite.openingHours} t={t} />
        </div>
        </QuoteIslandsProvider>
      </GuestFrame>
    </>
  );
}
