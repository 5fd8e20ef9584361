/** Characters that make a display name need quotes in a From header (RFC 5322 specials). */
const SPECIALS = /[()<>[\]:;@\\,."]/;

/** The address of MAIL_FROM ("Name <address>" or a bare address). */
export function fromAddressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim();
}

/** A display name that can never add a header or break out of its quotes ('' for none). */
export function cleanDisplayName(name: string | null | undefined): string {
  return (name ?? '').replace(/[\u0000-\u001f\u007f"\\<>]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

/**
 * MAIL_FROM with the campsite's display name (the quote-sending settings' "mittente"): only the
 * name changes, the address stays the verified one. Line breaks, quotes and backslashes are
 * dropped so a name can never add a header or break out of its quotes; no name keeps MAIL_FROM.
 */
export function fromWithDisplayName(from: string, name: string | null | undefined): string {
  const clean = cleanDisplayName(name);
  if (!clean) return from;
  const address = fromAddressOf(from);
  return `${SPECIALS.test(clean) ? `"${clean}"` : clean} <${address}>`;
}
