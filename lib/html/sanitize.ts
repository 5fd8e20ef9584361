import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOM for the process: DOMPurify needs a window, the server has none of its own.
const purify = DOMPurify(new JSDOM('').window);

purify.addHook('afterSanitizeAttributes', (node) => {
  // Links written by the staff open apart from the CRM and tell the target nothing about it.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/**
 * Staff-written HTML (card texts, descriptions, templates) made safe to show: no scripts, no
 * event handlers, no javascript: URLs, no forms or frames. Formatting and inline styles stay.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'style'],
    FORBID_ATTR: ['srcset', 'formaction', 'action'],
    ALLOW_DATA_ATTR: false,
  });
}
