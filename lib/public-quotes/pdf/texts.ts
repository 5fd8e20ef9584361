import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { guestLineText } from '../guest-lines';
import type { GuestCard, GuestQuoteView } from '../view';

/**
 * Every word and number the PDF prints, made by the mini-site's own dictionary (with the
 * campsite's wording) and formatters: the document cannot say or count anything the page does not.
 */
export async function pdfWords(view: GuestQuoteView) {
  const { t } = await guestTranslator(view.locale, 'guestQuote', view.texts);
  const { locale } = view;
  const money = (cents: number) => formatGuestMoney(cents, locale);
  const date = (value: string) => formatGuestDate(value, locale);
  return {
    money,
    date,
    title: t('title'),
    untitled: t('untitled'),
    for: t('document.for'),
    validUntilLabel: t('document.validUntil'),
    stay: t('document.stay'),
    address: t('document.address'),
    privacy: t('document.privacy'),
    phone: t('phone'),
    email: t('email'),
    whatsapp: t('whatsapp'),
    contact: t('contact'),
    page: (page: number, pages: number) => t('document.page', { page, pages }),
    viewOnline: t('document.viewOnline'),
    offer: (idx: number) => t('offer', { idx: idx + 1 }),
    dates: (card: GuestCard) => (card.arrival && card.departure ? t('dates', { arrival: date(card.arrival), departure: date(card.departure) }) : ''),
    nights: (count: number) => t('nights', { count }),
    guests: t('guests'),
    extras: t('extras'),
    line: t('line'),
    quantity: t('quantity'),
    amount: t('amount'),
    subtotal: t('subtotal'),
    discount: (card: GuestCard) => (card.offerName ? t('offerDiscount', { name: card.offerName }) : t('discount')),
    total: t('total'),
    lineName: (line: GuestCard['priceLines'][number]) => (line.kind === 'tax' ? t('touristTax') : guestLineText(line, (count) => t('nights', { count }))),
    about: t('about'),
    acceptedBadge: t('acceptedBadge'),
    accepted: (idx: number) => t('accepted', { idx: idx + 1 }),
    booked: t('booked'),
    expired: (value: string) => t('expired', { date: date(value) }),
    hoursTitle: t('hours.title'),
    reception: (time: string) => t('hours.reception', { time }),
    checkin: t('hours.checkin'),
    checkout: t('hours.checkout'),
    range: (from: string, to: string) => t('hours.range', { from, to }),
  };
}

export type PdfWords = Awaited<ReturnType<typeof pdfWords>>;
