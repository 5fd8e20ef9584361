'use server';

import { getBookingPlatform } from '@/lib/booking-platform';
import { runGuestWork } from '@/lib/context/unit-of-work';
import { publicOrigin } from '@/lib/mail/origin';
import { runGuestAction, type GuestActionResult } from '@/lib/requests/guest-action';
import { findPublicCampsite, resolveFormLanguage } from '@/lib/requests/form-options';
import { formTranslator } from '@/lib/requests/messages';
import { submitRequest } from '@/lib/requests/service';
import { linkLocaleOf } from '@/lib/i18n/locales';
import type { SentRequest } from '@/lib/requests/contact-form-types';

/**
 * The contact form's submission. The page binds the campsite and the page language; both are
 * checked again here, as anyone can post to an action.
 */
export async function sendContactRequest(campsiteId: string, idLingua: string | null, values: Record<string, unknown>): Promise<GuestActionResult<SentRequest>> {
  const fallbackLocale = linkLocaleOf(idLingua ?? 1);
  if (typeof campsiteId !== 'string') return { ok: false, error: formTranslator(fallbackLocale)('errors.unexpected') };
  return runGuestAction(fallbackLocale, (client) => runGuestWork(campsiteId, async (ctx) => {
    const campsite = await findPublicCampsite(ctx.db, campsiteId);
    if (!campsite) return { ok: false, error: formTranslator(fallbackLocale)('errors.unexpected') };
    const language = await resolveFormLanguage(ctx, typeof idLingua === 'string' ? idLingua : null);
    const outcome = await submitRequest(ctx, getBookingPlatform(), campsite, { values, language, origin: await publicOrigin() }, client);
    if (outcome.ok) {
      const { arrival, departure, firstName, newsletterPending } = outcome;
      return { ok: true, data: { arrival, departure, firstName, newsletterPending } };
    }
    return { ok: false, error: outcome.message, fieldErrors: outcome.reason === 'invalid' ? outcome.fieldErrors : undefined };
  }));
}
