import * as zod from 'zod';

/**
 * zod as every module of ours imports it (through lib/validation.ts), with one difference: no text
 * input may carry control characters. PostgreSQL refuses U+0000 in text and jsonb (a 500 rather
 * than a 400), and the other C0 controls and DEL are never typed by a person; tab, line feed and
 * carriage return stay allowed. Overriding the constructors here covers every schema built from
 * them, in the API, the server actions and the public forms alike.
 */
export * from 'zod';

/** C0 controls but tab, LF and CR; and DEL. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Il testo contiene caratteri di controllo non ammessi (per esempio il carattere nullo).';

export const hasControlCharacters = (text: string) => CONTROL_CHARACTER.test(text);

/** Whether a string anywhere in a JSON-like value (object keys included) has a control character. */
function nestedControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  // Deeper than any body we accept: the body limit and the schemas stop such input anyway.
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => nestedControlCharacters(item, depth + 1));
  if (value instanceof File) return hasControlCharacters(value.name);
  if (value instanceof FormData) return [...value.entries()].some(([key, item]) => hasControlCharacters(key) || nestedControlCharacters(item, depth + 1));
  if (value instanceof Date || value instanceof Blob) return false;
  return Object.entries(value).some(([key, item]) => hasControlCharacters(key) || nestedControlCharacters(item, depth + 1));
}

const noControl = { message: CONTROL_CHARACTERS_MESSAGE };

/** The check runs before the schema's own ones (min, regex…), which are added after it. */
function safe<T extends zod.ZodType<string, unknown>>(schema: T): T {
  return schema.refine((text) => !hasControlCharacters(text), noControl) as T;
}

export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString;
export function string<T extends string>(params?: string | zod.core.$ZodStringParams): zod.core.$ZodType<T, T>;
export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return safe(zod.string(params));
}

export function email(params?: string | zod.core.$ZodEmailParams): zod.ZodEmail {
  return safe(zod.email(params));
}

export function url(params?: string | zod.core.$ZodURLParams): zod.ZodURL {
  return safe(zod.url(params));
}

export function httpUrl(params?: string | Omit<zod.core.$ZodURLParams, 'protocol' | 'hostname'>): zod.ZodURL {
  return safe(zod.httpUrl(params));
}

/** Free-form values (options, payloads) end in jsonb, which refuses U+0000 too. */
export function unknown(): zod.ZodUnknown {
  return zod.unknown().refine((value) => !nestedControlCharacters(value), noControl);
}

/** An uploaded file's name, and every field of a FormData a server action takes whole, are text too. */
function safeInstanceOf<T extends typeof zod.util.Class>(cls: T, params?: Parameters<typeof zod.instanceof>[1]): zod.ZodInstanceOf<InstanceType<T>> {
  return zod.instanceof(cls, params).refine((value) => !nestedControlCharacters(value), noControl);
}
export { safeInstanceOf as instanceof };

export const coerce: typeof zod.coerce = {
  ...zod.coerce,
  string: <T = unknown>(params?: string | zod.core.$ZodStringParams) => safe(zod.coerce.string<T>(params)),
};
