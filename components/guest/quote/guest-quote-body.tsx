import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { guestQuotePath } from '@/lib/public-quotes/links';
import type { GuestQuoteIds, GuestQuoteView } from '@/lib/public-quotes/view';
import { AcceptOffer } from './accept-offer';
import { CampsiteInfo } from './campsite-info';
import { MarkRead } from './mark-read';
import { GuestCard } from './guest-card';
import { RenameQuote } from './rename-quote';

/**
 * The mini-site's content in the guest's language; it reads nothing of the request, so the page
 * is cached whole. With `cardId`, one offer in full (the card detail page).
 */
export async function GuestQuoteBody({ ids, view, cardId }: { ids: GuestQuoteIds; view: GuestQuoteView; cardId?: string }) {
  const { locale, quote, campsite, guest } = view;
  const { t, messages } = await guestTranslator(locale, 'guestQuote', view.texts);
  const base = guestQuotePath(ids);
  const cards = cardId ? view.cards.filter((card) => card.id === cardId) : view.cards;
  const banner =
    quote.state === 'accepted' && quote.acceptedCardIdx !== null
      ? { color: 'green', text: t('accepted', { idx: quote.acceptedCardIdx + 1 }) }
      : quote.state === 'booked'
        ? { color: 'green', text: t('booked') }
        : quote.state === 'expired'
          ? { color: 'orange', text: t('expired', { date: quote.validUntil ? formatGuestDate(quote.validUntil, locale) : '' }) }
          : quote.state === 'closed'
            ? { color: 'gray', text: t('closed') }
            : quote.state === 'preparing'
              ? { color: 'blue', text: t('preparing') }
              : null;
  return (
    <GuestIntlProvider locale={locale} messages={{ guestQuote: messages.guestQuote }}>
      <MarkRead ids={ids} awaiting={quote.awaitingRead} />
      <GuestFrame locale={locale}>
        <Stack gap="lg">
          <div>
            <Text fw={700} c="teal.9">
              {campsite.name}
            </Text>
            <RenameQuote campsiteId={ids.campsiteId} quoteId={ids.quoteId} contactId={ids.contactId} name={quote.name} />
            {quote.validUntil && quote.state === 'open' && (
              <Text size="sm" c="dimmed">
                {t('validUntil', { date: formatGuestDate(quote.validUntil, locale) })}
              </Text>
            )}
          </div>
          {!cardId && (
            <Text>
              {t('greeting', { name: `${guest.firstName} ${guest.lastName}`.trim() })} {quote.state === 'open' ? t('intro') : ''}
            </Text>
          )}
          {banner && (
            <Alert color={banner.color} role="status" data-testid="guest-quote-state">
              {banner.text}
            </Alert>
          )}
          {cardId && (
            <Anchor href={base} size="sm">
              ← {t('back')}
            </Anchor>
          )}
          {cards.length === 0 && <Text c="dimmed">{t('noOffers')}</Text>}
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
                detailsLink={cardId ? undefined : <Anchor href={`${base}/${card.id}`} size="sm">{t('details')}</Anchor>}
                action={
                  quote.state === 'open' ? (
                    <AcceptOffer
                      campsiteId={ids.campsiteId}
                      quoteId={ids.quoteId}
                      contactId={ids.contactId}
                      idx={card.idx}
                      validUntil={quote.validUntil}
                      summary={t('confirmText', { offer: `${t('offer', { idx: card.idx + 1 })} – ${card.typologyName}`, dates, total: formatGuestMoney(card.totalCents, locale) })}
                    />
                  ) : undefined
                }
              />
            );
          })}
          <CampsiteInfo contacts={campsite.contacts} hours={campsite.openingHours} t={t} />
        </Stack>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
