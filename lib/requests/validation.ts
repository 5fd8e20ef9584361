import { z } from '@/lib/validation';
import { MAX_NIGHTS, MAX_PEOPLE, MESSAGE_MAX, PHONE_PREFIX_KEY, type FormFieldCode, type ShownField } from '@/lib/vocabulary/request-fields';
import type { FormOptions } from './form-options';
import type { FormTranslate } from './messages';
import { nightsBetween, toIsoDate } from './stay-dates';

/** A request as the service stores it; a field the campsite does not show is always null. */
export type RequestInput = {
  firstName: string | null;
  lastName: string | null;
  email: string;
  phonePrefix: string | null;
  phone: string | null;
  nationId: number | null;
  languageId: number | null;
  arrival: string | null;
  departure: string | null;
  typologyId: string | null;
  adults: number | null;
  children: number | null;
  message: string | null;
  privacyAccepted: boolean;
};

type SchemaContext = {
  fields: ShownField[];
  options: Pick<FormOptions, 'languages' | 'nations' | 'typologies'>;
  t: FormTranslate;
  /** Today in Europe/Rome, 'yyyy-mm-dd': the first day a stay may start. */
  today: string;
};

const PHONE = /^[0-9+\s().\-/]*[0-9][0-9+\s().\-/]*$/;

/** Empty answers are no answer; texts are trimmed. */
const blank = (value: unknown) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value;
};

/** '0049', '49' and '+49' are the same prefix. */
const prefix = (value: unknown) => {
  const text = blank(typeof value === 'number' ? String(value) : value);
  if (typeof text !== 'string') return text;
  const compact = text.replace(/\s+/g, '');
  if (/^00\d{1,4}$/.test(compact)) return `+${compact.slice(2)}`;
  return /^\d{1,4}$/.test(compact) ? `+${compact}` : compact;
};

/** Ids of lists arrive as numbers or as the strings of a select. */
const wholeNumber = (value: unknown) => {
  const given = blank(value);
  return typeof given === 'string' && /^-?\d+$/.test(given) ? Number(given) : given;
};

/**
 * The form's schema for one campsite, every message in the guest's language: only the fields
 * the campsite shows are read (anything else sent is dropped), the required ones must be filled.
 */
export function buildRequestSchema({ fields, options, t, today }: SchemaContext) {
  const missing = (choice = false) => t(choice ? 'errors.requiredChoice' : 'errors.required');
  const typed = (invalid: string, choice = false) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? missing(choice) : invalid) });
  const tooLong = (max: number) => t('errors.tooLong', { max });
  const count = (min: number) => t('errors.count', { min, max: MAX_PEOPLE });

  const text = (max: number) => z.string(typed(t('errors.required'))).max(max, tooLong(max));
  const choice = (ids: number[], fromCode?: (value: string) => number | undefined) =>
    z.preprocess(
      (value) => {
        const given = wholeNumber(value);
        return typeof given === 'string' && fromCode ? (fromCode(given.toLowerCase()) ?? given) : given;
      },
      z.number(typed(t('errors.invalidChoice'), true)).refine((id) => ids.includes(id), t('errors.invalidChoice')),
    );
  const date = (notBefore?: string) =>
    z.string(typed(t('errors.date'))).transform((value, context) => {
      const iso = toIsoDate(value);
      if (!iso) context.addIssue({ code: 'custom', message: t('errors.date') });
      else if (notBefore && iso < notBefore) context.addIssue({ code: 'custom', message: t('errors.arrivalPast') });
      return iso ?? '';
    });
  const people = (min: number, message: string) =>
    z.preprocess(wholeNumber, z.number(typed(count(min))).int(count(min)).min(min, message).max(MAX_PEOPLE, count(min)));
  const typologyIds = options.typologies.map((typology) => typology.id);
  // By the guest's words in any language or by its Italian name (the staff's, old integrations), which wins a clash.
  const typologyByName = new Map<string, string>([
    ...options.typologies.flatMap((typology) => Object.values(typology.names).map((name) => [name.toLowerCase(), typology.id] as const)),
    ...options.typologies.map((typology) => [typology.name.toLowerCase(), typology.id] as const),
  ]);

  const schemas: Record<FormFieldCode, z.ZodType> = {
    nome: text(100),
    cognome: text(100),
    email: z.email(typed(t('errors.email'))).max(320, tooLong(320)),
    telefono: z.string(typed(t('errors.phone'))).max(30, tooLong(30)).regex(PHONE, t('errors.phone')),
    nazione: choice(options.nations.map((nation) => nation.id)),
    lingua: choice(
      options.languages.map((language) => language.id),
      (code) => options.languages.find((language) => language.code === code)?.id,
    ),
    arrivo: date(today),
    partenza: date(),
    tipologia: z
      .string(typed(t('errors.invalidChoice'), true))
      .transform((value) => typologyByName.get(value.toLowerCase()) ?? value)
      .refine((id) => typologyIds.includes(id), t('errors.invalidChoice')),
    adulti: people(1, t('errors.adults')),
    bambini: people(0, count(0)),
    messaggio: text(MESSAGE_MAX),
    privacy: z.preprocess((value) => value === true || value === 'true' || value === 'on' || value === 1, z.literal(true, t('errors.privacy'))),
  };

  const shape: Record<string, z.ZodType> = {};
  for (const { field, required } of fields) {
    const inner = schemas[field];
    shape[field] = field === 'privacy' ? inner : z.preprocess(blank, required ? inner : inner.optional());
  }
  if (fields.some((item) => item.field === 'telefono')) {
    shape[PHONE_PREFIX_KEY] = z.preprocess(prefix, z.string(typed(t('errors.prefix'))).regex(/^\+\d{1,4}$/, t('errors.prefix')).optional());
  }

  return z
    .object(shape)
    .superRefine(
      (values, context) => {
        const arrival = values.arrivo;
        const departure = values.partenza;
        const troubled = context.issues.some((issue) => issue.path?.[0] === 'arrivo' || issue.path?.[0] === 'partenza');
        if (troubled || typeof arrival !== 'string' || typeof departure !== 'string' || !arrival || !departure) return;
        const nights = nightsBetween(arrival, departure);
        if (nights < 1) context.addIssue({ code: 'custom', path: ['partenza'], message: t('errors.departureOrder') });
        else if (nights > MAX_NIGHTS) context.addIssue({ code: 'custom', path: ['partenza'], message: t('errors.tooManyNights', { max: MAX_NIGHTS }) });
      },
      // The dates are compared even when another field is wrong: the guest sees every problem at once.
      { when: () => true },
    )
    .transform((values): RequestInput => {
      const get = <T>(key: string) => (values[key] as T | undefined) ?? null;
      return {
        firstName: get<string>('nome'),
        lastName: get<string>('cognome'),
        email: values.email as string,
        phonePrefix: get<string>('telefono') ? get<string>(PHONE_PREFIX_KEY) : null,
        phone: get<string>('telefono'),
        nationId: get<number>('nazione'),
        languageId: get<number>('lingua'),
        arrival: get<string>('arrivo'),
        departure: get<string>('partenza'),
        typologyId: get<string>('tipologia'),
        adults: get<number>('adulti'),
        children: get<number>('bambini'),
        message: get<string>('messaggio'),
        privacyAccepted: values.privacy === true,
      };
    });
}

/** One message per field, the first the schema found: what the form shows under each field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
