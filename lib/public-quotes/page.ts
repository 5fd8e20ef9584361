import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { cachedGuestQuoteView } from './cached-view';
import type { GuestQuoteIds, GuestQuoteView } from './view';

export type GuestQuoteParams = { clienteID: string; idPreventivo: string; idCampeggio: string; schedaID?: string };

export const guestIdsOf = (params: GuestQuoteParams): GuestQuoteIds => ({
  campsiteId: params.idCampeggio,
  quoteId: params.idPreventivo,
  contactId: params.clienteID,
});

/**
 * The view once per request: the metadata and the page both need it, and on a first view each
 * would miss the data cache and run every query again.
 */
const viewOf = cache((campsiteId: string, quoteId: string, contactId: string) => cachedGuestQuoteView({ campsiteId, quoteId, contactId }));
const viewFor = (params: GuestQuoteParams) => viewOf(params.idCampeggio, params.idPreventivo, params.clienteID);

/**
 * The quote behind a mini-site address, or the 404 page, with no hint of which id was wrong.
 * `onMissing` may send the guest elsewhere first (an old CRM's link whose ids were renamed).
 */
export async function openGuestQuote(params: GuestQuoteParams, onMissing?: () => Promise<void>): Promise<GuestQuoteView> {
  const view = await viewFor(params);
  if (!view || (params.schedaID && !view.cards.some((card) => card.id === params.schedaID))) {
    await onMissing?.();
    notFound();
  }
  return view;
}

/** Never indexed, and no referrer: the address is the guest's key to the quote. */
export async function guestQuoteMetadata(params: GuestQuoteParams): Promise<Metadata> {
  const view = await viewFor(params);
  const { t } = await guestTranslator(view?.locale ?? 'it', 'guestQuote', view?.texts);
  return {
    title: view ? `${view.quote.name || t('title')} · ${view.campsite.name}` : t('title'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}
