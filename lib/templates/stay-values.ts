import { and, eq } from 'drizzle-orm';
import { campsites, staySurveys, type OpeningHours, type TimeRange } from '@/db/schema';
import { guestHoursNote } from '@/lib/campsites/guest-texts';
import { openingHoursOf } from '@/lib/campsites/settings-defaults';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { nameIn } from '@/lib/i18n/label-names';
import { guestLocaleOf } from '@/lib/i18n/locales';
import { nightsOf } from '@/lib/quotes/same-week';
import { stayOfQuote } from '@/lib/stays/stay-of-quote';
import { surveyPath } from '@/lib/vocabulary/stay-links';
import type { PlaceholderValues } from './placeholders';

const ranges = (list: TimeRange[] | undefined) => (list ?? []).map((range) => `${range.from}–${range.to}`).join(', ');

/**
 * The stay's placeholders of a quote (issue 32) in its guest's language: the accepted offer's
 * stay (else the first offer's), the campsite's hours, the survey's link once the survey exists
 * and the review link of the stay-mail settings. A quote mail using them reads the same values.
 */
export async function stayPlaceholderValues(ctx: CampsiteCtx, quoteId: string, origin: string): Promise<PlaceholderValues> {
  const stay = await stayOfQuote(ctx, quoteId);
  if (!stay) return {};
  const locale = guestLocaleOf(stay.languageId);
  const [campsite] = await ctx.db.select({ openingHours: campsites.openingHours, stayMails: campsites.stayMails }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  const [survey] = await ctx.db
    .select({ token: staySurveys.token })
    .from(staySurveys)
    .where(and(eq(staySurveys.quoteId, quoteId), eq(staySurveys.campingId, ctx.campsiteId)));
  const hours: OpeningHours = openingHoursOf(campsite?.openingHours);
  const nights = stay.arrival && stay.departure ? nightsOf(stay.arrival, stay.departure) : 0;
  return {
    notti: nights > 0 ? String(nights) : '',
    alloggio: stay.typologyName ? nameIn(stay.typologyNames, locale, stay.typologyName) : '',
    piazzola: stay.pitches.join(', '),
    ospiti: stay.people.map((person) => `${person.count} × ${nameIn(person.names, locale, person.label)}`).join(', '),
    orarioCheckin: ranges(hours.checkin),
    orarioCheckout: ranges(hours.checkout),
    orariCampeggio: guestHoursNote(hours, locale),
    linkSondaggio: survey ? `${origin.replace(/\/$/, '')}${surveyPath({ campsiteId: ctx.campsiteId, token: survey.token })}` : '',
    // Read as stored: lib/stays' defaults have no review link either.
    linkRecensione: campsite?.stayMails?.postStay?.reviewUrl?.trim() ?? '',
  };
}
