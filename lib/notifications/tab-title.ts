/**
 * The browser tab's title while notifications wait (spec section 2): '(n) title' for n unread,
 * '(n) ⚠ title' while a request, an acceptance or a guest's question is among them. The same function serves the
 * server's first paint and the client's updates; it first takes off any prefix already there, so
 * applying it again, after a navigation or a new count, never stacks a second one. The browser
 * gives the title back trimmed and with its spaces collapsed (a moment without a page title reads
 * «(13) ⚠», no space after the sign), so the prefix is recognised with any spacing or none.
 */
const PREFIX = /^\s*(?:\(\d+\)\s*)?(?:⚠\uFE0F?\s*)?/;

export const tabTitlePrefix = (unread: number, outstanding: number) => (unread > 0 ? `(${unread}) ${outstanding > 0 ? '⚠ ' : ''}` : '');

export function plainTitle(title: string): string {
  let plain = title;
  // A title that somehow got the prefix twice is cleaned up too.
  for (let stripped = plain.replace(PREFIX, ''); stripped !== plain; stripped = plain.replace(PREFIX, '')) plain = stripped;
  return plain;
}

export const tabTitle = (title: string, unread: number, outstanding: number) => tabTitlePrefix(unread, outstanding) + plainTitle(title);
