import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { languages, nations, type quoteRequests } from '@/db/schema';
import { FORM_FIELDS, NEWSLETTER_KEY, PHONE_PREFIX_KEY } from '@/lib/vocabulary/request-fields';
import { nightsBetween, toIsoDate } from './stay-dates';

type RequestRow = typeof quoteRequests.$inferSelect;
type Contact = { firstName: string; lastName: string; email: string | null; phonePrefix: string | null; phone: string | null; languageId: number | null; nationId: number | null };

/** A value as the staff read it: text, a yes/no, or nothing given. */
export type PreviewValue = string | number | boolean | null;

/**
 * A guest's request as a person reads it on /richieste/preview: the stay and party first, then
 * how to reach the guest, then whatever else the form (or a legacy client) sent. Dates are
 * dd/mm/yyyy, languages and nations are names; the page only puts labels on it.
 */
export type RequestPreview = {
  stay: { arrival: string | null; departure: string | null; nights: number | null; adults: PreviewValue; children: PreviewValue; accommodation: PreviewValue };
  contact: { firstName: PreviewValue; lastName: PreviewValue; email: PreviewValue; phone: PreviewValue; nation: string | null; language: string | null };
  message: string;
  privacy: boolean | null;
  newsletter: boolean | null;
  /** Keys this product does not know (a legacy client's own fields), in the order sent. */
  other: { key: string; value: PreviewValue }[];
};

/** The payload keys the preview places itself; anything else goes under "other". */
const PLACED = new Set<string>([...FORM_FIELDS, 'idLingua', 'idNazione', PHONE_PREFIX_KEY, NEWSLETTER_KEY]);

const italianLanguages = new Intl.DisplayNames('it', { type: 'language', fallback: 'none' });
const italianRegions = new Intl.DisplayNames('it', { type: 'region', fallback: 'none' });
const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase('it') + text.slice(1);

/** 'de' → 'Tedesco': the language as an Italian reads it; a code Intl does not know stays as sent. */
export function languageName(code: string): string {
  const text = code.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(text)) return code;
  const name = italianLanguages.of(text);
  return name && name.toLowerCase() !== text ? capitalized(name) : code;
}

/** 'DE' → 'Germania'; a name (what our own form stores) stays as it is. */
export function nationName(value: string): string {
  const text = value.trim();
  if (!/^[A-Za-z]{2}$/.test(text)) return text;
  return italianRegions.of(text.toUpperCase()) ?? text;
}

const asValue = (value: unknown): PreviewValue =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : JSON.stringify(value);

const asYesNo = (value: unknown): boolean | null =>
  value === true || value === 'true' || value === 'on' || value === 1 || value === '1' ? true : value === false || value === 'false' || value === 0 || value === '0' ? false : null;

const italianDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);

const numericId = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim())) ? Number(value) : null);

async function nationById(db: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: nations.name }).from(nations).where(eq(nations.id, id));
  return row?.name ?? null;
}

/** The request of a quote ready to read; the contact fills what the payload left out. */
export async function requestPreview(db: DbOrTx, request: RequestRow, contact: Contact): Promise<RequestPreview> {
  const payload = request.payload;
  const arrival = request.arrival ?? toIsoDate(payload.arrivo);
  const departure = request.departure ?? toIsoDate(payload.partenza);

  // Our form stores the language's code and the nation's name; legacy clients may send ids.
  const languageCode = typeof payload.lingua === 'string' && !numericId(payload.lingua) ? payload.lingua : null;
  const languageId = numericId(payload.lingua) ?? numericId(payload.idLingua) ?? request.languageId ?? contact.languageId;
  const nationText = typeof payload.nazione === 'string' && !numericId(payload.nazione) ? payload.nazione : null;
  const nationId = numericId(payload.nazione) ?? numericId(payload.idNazione) ?? contact.nationId;
  const [languageRow, nationRow] = await Promise.all([
    languageCode ? null : db.select({ code: languages.code }).from(languages).where(eq(languages.id, languageId ?? -1)),
    nationText ? null : nationById(db, nationId),
  ]);
  const code = languageCode ?? languageRow?.[0]?.code ?? null;

  const phone = asValue(payload.telefono) ?? (contact.phone ? [contact.phonePrefix, contact.phone].filter(Boolean).join(' ') : null);
  return {
    stay: {
      arrival: italianDate(arrival),
      departure: italianDate(departure),
      nights: arrival && departure ? nightsBetween(arrival, departure) : null,
      adults: asValue(payload.adulti),
      children: asValue(payload.bambini),
      accommodation: asValue(payload.tipologia),
    },
    contact: {
      firstName: asValue(payload.nome) ?? (contact.firstName || null),
      lastName: asValue(payload.cognome) ?? (contact.lastName || null),
      email: asValue(payload.email) ?? contact.email,
      phone,
      nation: nationText ? nationName(nationText) : nationRow,
      language: code ? languageName(code) : null,
    },
    message: request.message || (typeof payload.messaggio === 'string' ? payload.messaggio : ''),
    privacy: asYesNo(payload.privacy),
    newsletter: asYesNo(payload[NEWSLETTER_KEY]),
    other: Object.entries(payload)
      .filter(([key]) => !PLACED.has(key))
      .map(([key, value]) => ({ key, value: asValue(value) })),
  };
}
