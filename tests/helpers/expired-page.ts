/**
 * Whether a guest quote page's HTML shows the quote as expired: the quote's page draws its
 * expired panel, a single offer's page says so in its banner (the message templates in the RSC
 * payload hold `{date}` where the page holds a date, hence `[^{]`).
 */
export const isExpiredPage = (html: string) => html.includes('data-testid="guest-quote-expired"') || /(?:è scaduto il|expired on|ist am) [^{]/.test(html);
