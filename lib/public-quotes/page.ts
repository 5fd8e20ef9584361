import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { cachedGuestQuoteView } from './cached-view';
import type { GuestQuoteIds, GuestQuoteView } from './view';

export type GuestQuoteParams = { clienteID: string; idPreventivo: string; idCampeggio: string; schedaID?: string };

export const guestIdsOf = (params: GuestQuoteParams): GuestQuoteIds => ({
  campsiteId: params.idCampeggio,
  quoteId: params.idPreventivo,
  contactId: params.clienteID,
});

/** The quote behind a mini-site address, or the 404 page, with no hint of which id was wrong. */
export async function openGuestQuote(params: GuestQuoteParams): Promise<GuestQuoteView> {
  const view = await cachedGuestQuoteView(guestIdsOf(params));
  if (!view || (params.schedaID && !view.cards.some((card) => card.id === params.schedaID))) notFound();
  return view;
}

/** Never indexed, and no referrer: the address is the guest's key to the quote. */
export async function guestQuoteMetadata(params: GuestQuoteParams): Promise<Metadata> {
  const view = await cachedGuestQuoteView(guestIdsOf(params));
  const { t } = await guestTranslator(view?.locale ?? 'it', 'guestQuote', view?.texts);
  return {
    title: view ? `${view.quote.name || t('title')} · ${view.campsite.name}` : t('title'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}
