/** The one address of a stored image; constant, so mails and the mini-site can cache it for good. */
export function imageUrl(id: string): string {
  return `/api/getImage/${encodeURIComponent(id)}`;
}
