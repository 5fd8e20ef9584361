import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';

/** Quotes that reached the guest: what "proposed" and the conversion rate count. */
export const REACHED_GUEST: readonly QuoteProgress[] = ['inviato', 'letto', 'accettato', 'rifiutato', 'convertito', 'non convertito', 'scaduto'];
/** Won quotes: accepted by the guest, or already booked on the platform. */
export const WON: readonly QuoteProgress[] = ['accettato', 'convertito'];
/** The lucee variant counts only bookings inserted on the platform as conversions. */
export const WON_LUCEE: readonly QuoteProgress[] = ['convertito'];
export const CONVERTED: readonly QuoteProgress[] = ['convertito'];

/** Mails that left the product (or were captured locally, when no mail provider is configured). */
export { SENT_OUTBOX_STATUSES as SENT_MAIL_STATUSES, NOT_COUNTED_AS_SENT_KINDS } from '@/lib/mail/outbox-list-params';
