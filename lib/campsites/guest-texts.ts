import { eq } from 'drizzle-orm';
import { campsites, type Localization, type OpeningHours } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { GuestTextOverrides } from '@/lib/i18n/guest-overrides';
import type { GuestLocale } from '@/lib/i18n/locales';
import { guestMessages } from '@/lib/i18n/guest-messages';

/**
 * The campsite's own texts (Localizzazione tab) for one guest language, optionally only those of
 * one page ("guestQuote."): what a cached page stores with its data, so the campsite's cache tag
 * that a saved setting drops covers the texts too.
 */
export function guestTextOverrides(localization: Localization | null | undefined, locale: GuestLocale, page?: 'guestForm' | 'guestQuote'): GuestTextOverrides {
  const texts = localization?.[locale];
  if (!texts || typeof texts !== 'object') return {};
  return Object.fromEntries(Object.entries(texts).filter(([key, text]) => typeof text === 'string' && (!page || key.startsWith(`${page}.`))));
}

export async function loadGuestTextOverrides(ctx: CampsiteCtx, locale: GuestLocale, page?: 'guestForm' | 'guestQuote'): Promise<GuestTextOverrides> {
  const [row] = await ctx.db.select({ localization: campsites.localization }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  return guestTextOverrides(row?.localization, locale, page);
}

/** The guest pages' messages in one language as this campsite words them. */
export async function campsiteGuestMessages(ctx: CampsiteCtx, locale: GuestLocale) {
  return guestMessages(locale, await loadGuestTextOverrides(ctx, locale));
}

/** The language a foreign guest reads the campsite's own texts in when none is written in theirs. */
export const FOREIGN_GUEST_TEXT_LANGUAGE = 'en' as const;

/**
 * The hours note a guest reads: the Italian note for an Italian guest; for a foreign guest the
 * note in their language, else the English one, else none (never the Italian one).
 */
export function guestHoursNote(hours: Pick<OpeningHours, 'notes' | 'notesByLanguage'>, locale: GuestLocale): string {
  if (locale === 'it') return hours.notes;
  return hours.notesByLanguage?.[locale]?.trim() || hours.notesByLanguage?.[FOREIGN_GUEST_TEXT_LANGUAGE]?.trim() || '';
}

/** The hours with the note's translations that have a text; none at all, no key (the hours stored as before). */
export function withNoteTranslations<T extends Omit<OpeningHours, 'notesByLanguage'>>(hours: T, translations: OpeningHours['notesByLanguage']): T & Pick<OpeningHours, 'notesByLanguage'> {
  const kept = Object.fromEntries(Object.entries(translations ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== ''));
  return Object.keys(kept).length ? { ...hours, notesByLanguage: kept } : hours;
}
