import { sanitizeHtml } from '@/lib/html/sanitize';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Inside the sandboxed frame the document may load nothing from outside: a remote image tells
// the sender when and where the mail was read. Inline styles and data: images still show.
const NO_REMOTE = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;
const REMOTE_IMAGES = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:">`;

export type MailFrameHtml = { blocked: string; withImages: string; hasRemoteImages: boolean };

/** A received mail made safe for MailFrame: sanitized (or its text escaped), remote images allowed or not. */
export function mailFrameHtml(message: { html: string | null; text: string | null }): MailFrameHtml {
  const body = message.html
    ? sanitizeHtml(message.html)
    : `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui,sans-serif;margin:0">${escape(message.text ?? '')}</pre>`;
  return { blocked: NO_REMOTE + body, withImages: REMOTE_IMAGES + body, hasRemoteImages: /<img\b[^>]*\bsrc\s*=\s*["']?\s*(https?:)?\/\/|url\(\s*["']?\s*(https?:)?\/\//i.test(body) };
}
