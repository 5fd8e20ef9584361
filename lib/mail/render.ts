import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** Relative links and images (the image manager's /api/getImage/…) made absolute for a mail client. */
export function absolutizeUrls(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href)\s*=\s*["'])\/(?!\/)/gi, `$1${origin.replace(/\/$/, '')}/`);
}

/** A react-email element as the HTML and plain text a mail carries. */
export async function renderMail(element: ReactElement, origin: string): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html: absolutizeUrls(html, origin), text };
}
