import { eq } from 'drizzle-orm';
import { campsites, type Localization } from '@/db/schema';
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
