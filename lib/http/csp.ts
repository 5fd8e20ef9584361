/**
 * The pages' Content-Security-Policy: scripts run only with this response's nonce (Next.js reads
 * it from the request's CSP header, set by proxy.ts, and writes it on every script it emits),
 * and what those scripts load ('strict-dynamic'). 'self' is for browsers without CSP level 3.
 */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API's name for CSP_REPORT_PATH (Reporting-Endpoints, report-to). */
export const CSP_REPORT_GROUP = 'csp';

// Campsites embed their contact form in their own site; no other page may be framed at all.
const EMBEDDABLE = /^\/contattaciL?(?:\/|$)/;

export const isEmbeddablePath = (pathname: string) => EMBEDDABLE.test(pathname);

/** 128 random bits, base64 (the alphabet Next.js accepts in a nonce source). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * `https`: the page was asked over HTTPS (behind our proxy, as it says). Chromium delivers the
 * Reporting API's reports (report-to) from secure pages only, and with report-to present it
 * skips report-uri: over plain HTTP (a local demo) the policy names report-uri alone.
 */
export type CspOptions = { dev?: boolean; https?: boolean };

export function contentSecurityPolicy(pathname: string, nonce: string, options: CspOptions = {}): string {
  return [
    "default-src 'self'",
    // React in development rebuilds server error stacks with eval; production never evaluates strings.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    // Styles stay open to inline: Mantine writes <style> tags and style attributes on every
    // component, and the mail previews (iframes with srcdoc, which inherit this policy) carry the
    // mail's own <style> blocks. A nonce here would void 'unsafe-inline' and break both; styles
    // cannot run code, so the script rules above are what keeps injected markup inert.
    "style-src 'self' 'unsafe-inline'",
    // Templates, newsletters and received mails show pictures from anywhere (and data: URLs);
    // the mailbox's frames narrow this again with their own policy (lib/mailbox/frame-html.ts).
    'img-src * data: blob:',
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${isEmbeddablePath(pathname) ? '*' : "'none'"}`,
    // report-to for browsers with the Reporting API (they then ignore report-uri), report-uri for the others.
    `report-uri ${CSP_REPORT_PATH}`,
    ...(options.https ? [`report-to ${CSP_REPORT_GROUP}`] : []),
  ].join('; ');
}

/** The headers of a page's response: the policy and where its violations are reported. */
export function cspResponseHeaders(pathname: string, nonce: string, options: CspOptions = {}): Record<string, string> {
  const policy = { 'Content-Security-Policy': contentSecurityPolicy(pathname, nonce, options) };
  return options.https ? { ...policy, 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` } : policy;
}
