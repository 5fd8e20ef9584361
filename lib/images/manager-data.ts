import { asc, eq } from 'drizzle-orm';
import { campsiteLanguages, languages } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { getBookingPlatform } from '@/lib/booking-platform';
import { getOwnCampsite } from '@/lib/campsites/service';
import { logger } from '@/lib/ops/logger.mjs';

/** The mini-site speaks Italian (1), German (3) and English (2); a campsite may list more. */
const MINI_SITE_LANGUAGES = [1, 3, 2];

export type DescriptionLanguage = { id: number; name: string };

export async function descriptionLanguages(ctx: CampsiteCtx): Promise<DescriptionLanguage[]> {
  const [all, own] = await Promise.all([
    ctx.db.select({ id: languages.id, name: languages.name }).from(languages).orderBy(asc(languages.id)),
    ctx.db.select({ id: campsiteLanguages.languageId }).from(campsiteLanguages).where(eq(campsiteLanguages.campingId, ctx.campsiteId)),
  ]);
  const wanted = [...new Set([...MINI_SITE_LANGUAGES, ...own.map((row) => row.id)])];
  return wanted.map((id) => all.find((language) => language.id === id)).filter((language): language is DescriptionLanguage => Boolean(language));
}

/** The campsite's accommodation types from the booking platform; none when it cannot be reached. */
export async function campsiteTypologies(ctx: CampsiteCtx): Promise<{ id: string; name: string }[]> {
  try {
    const campsite = await getOwnCampsite(ctx);
    return (await getBookingPlatform().typologies(campsite.platformCampId)).map(({ id, name }) => ({ id, name }));
  } catch (error) {
    logger.error({ err: error }, 'Tipologie non disponibili per il gestore immagini');
    return [];
  }
}
