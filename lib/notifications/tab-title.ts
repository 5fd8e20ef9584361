/**
 * The browser tab's title while notifications wait (spec section 2): '(n) title' for n unread,
 * '(n) ⚠ title' while a request, an acceptance or a guest's question is among them. The same function serves the
 * server's first paint and the client's updates; it first takes off any prefix already there, so
 * applying it again, after a navigation or a new count, never stacks a second one.
 */
const PREFIX = /^(?:\(\d+\) )?(?:⚠ )?/;

export const tabTitlePrefix = (unread: number, outstanding: number) => (unread > 0 ? `(${unread}) ${outstanding > 0 ? '⚠ ' : ''}` : '');

export function plainTitle(title: string): string {
  let plain = title;
  // A title that somehow got the prefix twice is cleaned up too.
  for (let stripped = plain.replace(PREFIX, ''); stripped !== plain; stripped = plain.replace(PREFIX, '')) plain = stripped;
  return plain;
}

export const tabTitle = (title: string, unread: number, outstanding: number) => tabTitlePrefix(unread, outstanding) + plainTitle(title);
