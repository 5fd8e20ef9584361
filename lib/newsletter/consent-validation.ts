import type { ConsentMethod } from '@/db/schema';
import { z } from '@/lib/validation';

export const CONSENT_METHODS = ['form', 'staff', 'api', 'link', 'platform'] as const satisfies readonly ConsentMethod[];
export const CONSENT_ACTIONS = ['requested', 'confirmed', 'subscribed', 'unsubscribed'] as const;

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().slice(0, max) || null : value),
    z.string().nullable().optional(),
  );

/** A double opt-in request, from the public form, the platform's relay or the staff. */
export const subscriptionRequestSchema = z.object({
  campsiteId: z.string().trim().min(1).max(100),
  email: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.email('Indirizzo e-mail non valido').max(320)),
  firstName: optionalText(100),
  languageId: z.number().int().positive().nullable().optional(),
  listId: z.string().trim().min(1).max(100).nullable().optional(),
  /** The consent text the guest saw, word for word. */
  textShown: z.string().trim().min(1, 'Manca il testo del consenso.').max(2000, 'Il testo del consenso è troppo lungo.'),
  ip: optionalText(100),
  userAgent: optionalText(500),
  method: z.enum(CONSENT_METHODS),
  /** The base of the confirmation link. */
  origin: z.string().min(1),
});

export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

/** A confirmation token as the link carries it: base64url, 256 bits (43 characters). */
export const consentTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** The staff's consent log filter: part of an address; the page position. */
export const consentLogParamsSchema = z.object({
  email: z.preprocess((value) => (typeof value === 'string' ? value.trim().slice(0, 320) || undefined : undefined), z.string().optional()),
  dopo: z.preprocess((value) => (typeof value === 'string' && value ? value.slice(0, 500) : undefined), z.string().optional()),
});
