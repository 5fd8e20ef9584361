import type { ClientInfo } from '@/lib/auth/service';
import type { BookingPlatform } from '@/lib/booking-platform';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { appUrl } from '@/lib/env';
import { deliverSoon } from '@/lib/mail/mailer';
import { romeIsoDate } from '@/lib/date-filter';
import { loadGuestTextOverrides } from '@/lib/campsites/guest-texts';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { LANGUAGE_ID_OF } from '@/lib/i18n/locales';
import { limiter, minutesLeft, type LimitRule, type LimitState } from '@/lib/rate-limit/limiter';
import { HONEYPOT_KEY, NEWSLETTER_KEY, PHONE_PREFIX_KEY, type FormFieldCode } from '@/lib/vocabulary/request-fields';
import { loadFormOptions, type FormLanguage, type FormOptions, type PublicCampsite } from './form-options';
import { formTranslator } from './messages';
import { toIsoDate } from './stay-dates';
import { storeRequest, type NewsletterRequest } from './store';
import { buildRequestSchema, fieldErrorsOf, type RequestInput } from './validation';

/** A person sends a handful of requests at most; a script sends many. */
export const ADDRESS_LIMIT: LimitRule = { points: 5, durationSeconds: 10 * 60 };
export const EMAIL_LIMIT: LimitRule = { points: 5, durationSeconds: 60 * 60 };
const perAddress = limiter('contact-form:address', ADDRESS_LIMIT);
const perEmail = limiter('contact-form:email', EMAIL_LIMIT);

export type SubmitInput = {
  /** The fields as the form (or the legacy payload) sent them, by their Italian codes. */
  values: unknown;
  language: FormLanguage;
  /** The base of the links in the confirmation mail (publicBaseUrl at the entry point). */
  origin?: string;
};

/** What the guest is told; the dates and name are echoed for the confirmation. */
export type SubmitOutcome =
  | {
      ok: true;
      arrival: string | null;
      departure: string | null;
      firstName: string | null;
      /** A confirmation mail for the newsletter went out. */
      newsletterPending?: true;
    }
  | { ok: false; reason: 'invalid'; message: string; fieldErrors: Record<string, string> }
  | { ok: false; reason: 'rate_limited'; message: string };

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const shortText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);

/** The request as the staff read it (request preview, quote editor): the seed's Italian keys, shown fields only. */
function payloadOf(input: RequestInput, options: FormOptions, shown: Set<FormFieldCode>): Record<string, unknown> {
  const nation = options.nations.find((item) => item.id === input.nationId);
  const language = options.languages.find((item) => item.id === input.languageId);
  const typology = options.typologies.find((item) => item.id === input.typologyId);
  const values: Record<FormFieldCode, unknown> = {
    nome: input.firstName,
    cognome: input.lastName,
    email: input.email,
    telefono: input.phone ? [input.phonePrefix, input.phone].filter(Boolean).join(' ') : null,
    nazione: nation?.name,
    lingua: language?.code,
    arrivo: input.arrival,
    partenza: input.departure,
    tipologia: typology?.name,
    adulti: input.adults,
    bambini: input.children,
    messaggio: input.message,
    privacy: input.privacyAccepted,
  };
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => shown.has(key as FormFieldCode) && value !== null && value !== undefined));
}

/** The form's optional newsletter checkbox: true, 'true', 'on' or 1 ticks it. */
const wantsNewsletter = (value: unknown) => value === true || value === 'true' || value === 'on' || value === 1 || value === '1';

/**
 * The guest ticked "I want the newsletter": double opt-in starts with the checkbox's text as the
 * page showed it (the campsite's own wording included) and the guest's address and browser; its
 * link travels in the request's confirmation (store.ts).
 */
async function newsletterRequest(ctx: CampsiteCtx, request: RequestInput, input: SubmitInput, client: ClientInfo): Promise<NewsletterRequest> {
  const overrides = await loadGuestTextOverrides(ctx, input.language.locale, 'guestForm');
  const { t } = await guestTranslator(input.language.locale, 'guestForm', overrides);
  return {
    languageId: input.language.languageId ?? LANGUAGE_ID_OF[input.language.locale],
    textShown: t('newsletter.label'),
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/** The same refusal for both limits, in the guest's language, with the wait that remains. */
async function overLimit(ctx: CampsiteCtx, email: string, client: ClientInfo): Promise<LimitState | null> {
  if (client.ip) {
    const byAddress = await perAddress.consume(ctx.db, client.ip);
    if (!byAddress.allowed) return byAddress;
  }
  const byEmail = await perEmail.consume(ctx.db, `${ctx.campsiteId}:${email.toLowerCase()}`);
  return byEmail.allowed ? null : byEmail;
}

/**
 * A guest's quote request from the public form or the legacy /addQuoteCamp, for the unit of work's
 * campsite (`campsite`, as findPublicCampsite read it): checked against the campsite's own form,
 * slowed down when repeated, then stored as contact, request and quote.
 * A filled honeypot is answered as a success so the bot learns nothing, and nothing is stored.
 */
export async function submitRequest(
  ctx: CampsiteCtx,
  platform: BookingPlatform,
  campsite: PublicCampsite,
  input: SubmitInput,
  client: ClientInfo,
): Promise<SubmitOutcome> {
  const values = asRecord(input.values);
  const t = formTranslator(input.language.locale);
  if (values[HONEYPOT_KEY] !== undefined && values[HONEYPOT_KEY] !== null && String(values[HONEYPOT_KEY]).trim() !== '') {
    return {
      ok: true,
      arrival: toIsoDate(values.arrivo),
      departure: toIsoDate(values.partenza),
      firstName: shortText(values.nome),
      ...(wantsNewsletter(values[NEWSLETTER_KEY]) ? { newsletterPending: true as const } : {}),
    };
  }

  const options = await loadFormOptions(ctx, platform, campsite, input.language.languageId);
  const schema = buildRequestSchema({ fields: options.fields, options, t, today: romeIsoDate(new Date()) });
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    // The prefix is shown next to the phone number: its error belongs there too.
    if (fieldErrors[PHONE_PREFIX_KEY] && !fieldErrors.telefono) fieldErrors.telefono = fieldErrors[PHONE_PREFIX_KEY];
    return { ok: false, reason: 'invalid', message: t('errors.summary'), fieldErrors };
  }
  const request = parsed.data;

  const limit = await overLimit(ctx, request.email, client);
  if (limit) return { ok: false, reason: 'rate_limited', message: t('errors.rateLimited', { minutes: minutesLeft(limit) }) };

  const shown = new Set(options.fields.map((item) => item.field));
  const stored = await storeRequest(ctx, {
    input: request,
    language: input.language,
    payload: payloadOf(request, options, shown),
    origin: input.origin ?? appUrl(),
    newsletter: wantsNewsletter(values[NEWSLETTER_KEY]) ? await newsletterRequest(ctx, request, input, client) : null,
  });
  // A known guest's name or language may have changed: their cached quote pages must show it.
  if (!stored.contactCreated) invalidate([cacheTags.contact(stored.contactId)]);
  if (stored.mailed) deliverSoon();
  const newsletterPending = stored.newsletterPending;
  const { arrival, departure, firstName } = request;
  return { ok: true, arrival, departure, firstName, ...(newsletterPending ? { newsletterPending } : {}) };
}
