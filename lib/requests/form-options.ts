import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsiteLanguages, campsites, languages, nations, type CampsiteContacts, type ContactFormField } from '@/db/schema';
import type { BookingPlatform } from '@/lib/booking-platform';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { labelNames, type LabelNames } from '@/lib/i18n/label-names';
import { labelTableOf } from '@/lib/label-translations/service';
import { GUEST_LOCALE_NAMES, GUEST_LOCALES, guestLocaleOf, isGuestLocale, LANGUAGE_ID_OF, linkLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { shownFields, type FormFieldCode, type ShownField } from '@/lib/vocabulary/request-fields';
import { logger } from '@/lib/ops/logger.mjs';

/** What a guest page may know of a campsite: never its mailing keys or other settings. */
export type PublicCampsite = {
  id: string;
  name: string;
  platformCampId: string | null;
  contacts: CampsiteContacts | null;
  contactFormFields: ContactFormField[] | null;
};

export type FormLanguage = { languageId: number | null; locale: GuestLocale };

export type FormOptions = {
  fields: ShownField[];
  /** The campsite's languages, in its order, with the phone prefix it gives each. */
  languages: { id: number; name: string; code: string; phonePrefix: string }[];
  nations: { id: number; name: string; isoCode: string; phonePrefix: string }[];
  /**
   * The campsite's accommodation types on the booking platform (a request may ask for any, not only
   * those bookable online): `name` is the Italian one the staff read, `names` the guest's words
   * (the platform's own, else the campsite's Traduzioni per gli ospiti).
   */
  typologies: { id: string; name: string; names: LabelNames }[];
  /** Ages for the adults and children hints, from the platform's person types. */
  ages: { adultsFrom: number | null; children: { from: number; to: number } | null };
};

/** Ids are 22 url-safe characters; anything far from that is not worth a query. */
const plausibleId = (id: string) => /^[A-Za-z0-9_-]{8,64}$/.test(id);

export async function findPublicCampsite(db: DbOrTx, id: string): Promise<PublicCampsite | null> {
  if (!plausibleId(id)) return null;
  const [row] = await db
    .select({
      id: campsites.id,
      name: campsites.name,
      platformCampId: campsites.platformCampId,
      contacts: campsites.contacts,
      contactFormFields: campsites.contactFormFields,
    })
    .from(campsites)
    .where(eq(campsites.id, id));
  return row ?? null;
}

export async function campsiteLanguageList(ctx: CampsiteCtx): Promise<FormOptions['languages']> {
  return ctx.db
    .select({ id: languages.id, name: languages.name, code: languages.code, phonePrefix: campsiteLanguages.phonePrefix })
    .from(campsiteLanguages)
    .innerJoin(languages, eq(languages.id, campsiteLanguages.languageId))
    .where(eq(campsiteLanguages.campingId, ctx.campsiteId))
    .orderBy(asc(campsiteLanguages.position), asc(languages.id));
}

export async function nationList(db: DbOrTx): Promise<FormOptions['nations']> {
  return db.select({ id: nations.id, name: nations.name, isoCode: nations.isoCode, phonePrefix: nations.phonePrefix }).from(nations).orderBy(asc(nations.id));
}

/** The platform may be down: the form still works, without the choices only it knows. */
async function fromPlatform<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error }, 'Piattaforma di prenotazione non raggiungibile per il modulo contatti');
    return [];
  }
}

/**
 * The campsite's languages, and the page's own when the campsite does not list it: a guest who
 * opened the French form can say French is their language without choosing another.
 */
async function languageChoices(ctx: CampsiteCtx, pageLanguageId: number | null | undefined): Promise<FormOptions['languages']> {
  const own = await campsiteLanguageList(ctx);
  if (!pageLanguageId || own.some((language) => language.id === pageLanguageId)) return own;
  const [page] = await ctx.db.select({ id: languages.id, name: languages.name, code: languages.code, phonePrefix: languages.phonePrefix }).from(languages).where(eq(languages.id, pageLanguageId));
  return page ? [...own, page] : own;
}

/**
 * Everything the form shows for the unit of work's campsite (`campsite`, as findPublicCampsite
 * read it), in the page's language; the same lists check what the guest sends.
 */
export async function loadFormOptions(ctx: CampsiteCtx, platform: BookingPlatform, campsite: PublicCampsite, pageLanguageId?: number | null): Promise<FormOptions> {
  const [languageRows, nationRows, typologies, personTypes, labels] = await Promise.all([
    languageChoices(ctx, pageLanguageId),
    nationList(ctx.db),
    fromPlatform(() => platform.typologies(campsite.platformCampId)),
    fromPlatform(() => platform.personTypes(campsite.platformCampId)),
    labelTableOf(ctx),
  ]);
  const choices = typologies.map(({ id, name, names }) => ({ id, name, names: labelNames(name, names, labels) }));
  const unavailable: FormFieldCode[] = choices.length ? [] : ['tipologia'];
  const adults = personTypes.filter((type) => type.maxAge === null);
  const minors = personTypes.filter((type) => type.maxAge !== null);
  return {
    fields: shownFields(campsite.contactFormFields, unavailable),
    languages: languageRows,
    nations: nationRows,
    typologies: choices,
    ages: {
      adultsFrom: adults.length ? Math.min(...adults.map((type) => type.minAge)) : null,
      children: minors.length ? { from: Math.min(...minors.map((type) => type.minAge)), to: Math.max(...minors.map((type) => type.maxAge ?? 0)) } : null,
    },
  };
}

/**
 * The page's language: an old link's number keeps spec section 3 (1 Italian, 3 German, anything
 * else English), a guest language's code ('nl', 'fr'…) opens that language; no idLingua, the
 * campsite's first language. The language is kept when known, so the request and the contact
 * remember the language the guest chose.
 */
export async function resolveFormLanguage(ctx: CampsiteCtx, idLingua: string | number | null | undefined): Promise<FormLanguage> {
  const db = ctx.db;
  if (idLingua === null || idLingua === undefined || idLingua === '') {
    const [first] = await campsiteLanguageList(ctx);
    const languageId = first?.id ?? LANGUAGE_ID_OF.it;
    return { languageId, locale: guestLocaleOf(languageId) };
  }
  const locale = linkLocaleOf(idLingua);
  const id = isGuestLocale(idLingua) ? LANGUAGE_ID_OF[idLingua] : Number(idLingua);
  const known = Number.isInteger(id) && id > 0 && id < 100_000 ? await db.select({ id: languages.id }).from(languages).where(eq(languages.id, id)) : [];
  if (known.length) return { languageId: id, locale };
  const [english] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, 'en'));
  return { languageId: english?.id ?? null, locale: 'en' };
}

/** One entry of the language switch: the page in that language, named in it. */
export type LanguageLink = { locale: GuestLocale; segment: string; name: string };

/**
 * The languages the page can be read in: every guest language, the campsite's own first in its
 * order. Italian, German and English keep the numbers old links use; the others their code.
 */
export function languageLinks(campsiteLanguages: FormOptions['languages']): LanguageLink[] {
  const own = campsiteLanguages.map((language) => guestLocaleOf(language.id));
  const ordered = [...new Set([...own, ...GUEST_LOCALES])];
  return ordered.map((locale) => ({
    locale,
    segment: linkLocaleOf(LANGUAGE_ID_OF[locale]) === locale ? String(LANGUAGE_ID_OF[locale]) : locale,
    name: GUEST_LOCALE_NAMES[locale],
  }));
}
