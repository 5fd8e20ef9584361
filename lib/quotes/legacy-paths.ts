/**
 * The booking platform's old links and old mails carry quote and contact ids in the path, in
 * either order (spec section 2: /crea-preventivo/:idPreventivo?/:idCliente? and the alternative
 * /crea-preventivo/:idCliente?/:idPreventivo?). Which id is which is read from the campsite's own
 * rows; anything that is not exactly one of its quotes with that quote's own guest is the 404.
 */

/** The campsite's rows among the ids of the path: each quote with its guest, and the contacts. */
export type LegacyIds = {
  quoteContacts: ReadonlyMap<string, string>;
  contacts: ReadonlySet<string>;
};

/** Ids longer than this are not ours (newId gives short text ids); they are not even looked up. */
export const MAX_ID_LENGTH = 64;

const createPath = (contactId: string) =>
  `/crea-preventivo?cliente=${encodeURIComponent(contactId)}`;
const editPath = (quoteId: string) =>
  `/preventivo/edit/${encodeURIComponent(quoteId)}`;
const previewPath = (contactId: string, quoteId: string) =>
  `/crea-preventivo/preview/${encodeURIComponent(contactId)}/${encodeURIComponent(quoteId)}`;

/** The ids a path's segments could name, for one lookup; none when a segment cannot be an id. */
export function candidateIds(segments: readonly string[]): string[] {
  const ids = segments.filter(
    (segment) => segment !== "edit" && segment !== "preview",
  );
  if (ids.some((id) => id.length === 0 || id.length > MAX_ID_LENGTH)) return [];
  return [...new Set(ids)];
}

/** A quote and its own guest, whichever order the two ids come in; null when they are not that. */
export function quoteAndContact(
  first: string,
  second: string,
  found: LegacyIds,
): { quoteId: string; contactId: string } | null {
  if (found.quoteContacts.get(first) === second && found.contacts.has(second))
    return { quoteId: first, contactId: second };
  if (found.quoteContacts.get(second) === first && found.contacts.has(first))
    return { quoteId: second, contactId: first };
  return null;
}

/**
 * Where an old /crea-preventivo/… path leads, given the segments after /crea-preventivo:
 * a quote opens in its editor (which shows the preview of a locked one), a contact alone starts
 * a new quote for them, and preview/… with fewer than two ids opens what the one id names.
 * The child edit/:clienteID hangs under both optional ids (spec section 2): with neither,
 * /crea-preventivo/edit/:clienteID starts a quote for that guest; with one, it is the quote's
 * own guest. Null means the 404 page.
 */
export function legacyCreateTarget(
  segments: readonly string[],
  found: LegacyIds,
): string | null {
  if (segments[0] === "preview")
    return legacyPreviewTarget(segments.slice(1), found);
  if (segments.length === 2 && segments[0] === "edit")
    return found.contacts.has(segments[1]) ? createPath(segments[1]) : null;
  if (segments.length === 3 && segments[1] === "edit") {
    const pair = quoteAndContact(segments[0], segments[2], found);
    return pair && pair.quoteId === segments[0] ? editPath(pair.quoteId) : null;
  }
  if (segments.length === 1) {
    const [id] = segments;
    if (found.quoteContacts.has(id)) return editPath(id);
    return found.contacts.has(id) ? createPath(id) : null;
  }
  if (
    segments.length === 2 ||
    (segments.length === 4 && segments[2] === "edit")
  ) {
    const pair = quoteAndContact(segments[0], segments[1], found);
    if (!pair) return null;
    // edit/:clienteID names the quote's guest once more: another contact is a wrong link.
    if (segments.length === 4 && segments[3] !== pair.contactId) return null;
    return editPath(pair.quoteId);
  }
  return null;
}

/** /crea-preventivo/preview with no id or one: the list, or the one quote's preview. (Two or more ids have their own pages.) */
function legacyPreviewTarget(
  ids: readonly string[],
  found: LegacyIds,
): string | null {
  if (ids.length === 0) return "/preventivi";
  if (ids.length !== 1) return null;
  const contactOfQuote = found.quoteContacts.get(ids[0]);
  return contactOfQuote ? previewPath(contactOfQuote, ids[0]) : null;
}

/** /preventivi/:idPreventivo/:idCliente[/rest]: the quote's own page when the contact is its guest. */
export function legacyQuoteTarget(
  quoteId: string,
  contactId: string,
  found: LegacyIds,
  rest: "preview" | "booking",
): string | null {
  if (
    found.quoteContacts.get(quoteId) !== contactId ||
    !found.contacts.has(contactId)
  )
    return null;
  return rest === "booking"
    ? `/preventivi/${encodeURIComponent(quoteId)}/stepsPrenotazione`
    : previewPath(contactId, quoteId);
}
