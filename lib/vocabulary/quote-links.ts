// The same shape as GuestQuoteIds (public-quotes/view): written out so this vocabulary needs no domain.
type GuestQuoteIds = { campsiteId: string; quoteId: string; contactId: string };

/** The guest's address of a quote: the three ids are its key (a capability link). */
export const guestQuotePath = (ids: GuestQuoteIds) =>
  `/visualizzaPreventivo/${encodeURIComponent(ids.contactId)}/${encodeURIComponent(ids.quoteId)}/${encodeURIComponent(ids.campsiteId)}`;

/** Added by the staff's "open as the guest": the page then does not count the visit as the guest's reading. */
export const STAFF_PREVIEW_HASH = '#anteprima';
