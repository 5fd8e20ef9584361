import { headers } from 'next/headers';
import { clientInfo } from '@/lib/auth/client-info';
import type { ClientInfo } from '@/lib/auth/service';
import type { GuestLocale } from '@/lib/i18n/locales';
import { formTranslator } from './messages';
import { logger } from '@/lib/ops/logger.mjs';

export type GuestActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * A guest's server action (lib/actions.ts' staffAction is for staff): no session to check, the
 * caller's address read once here for the rate limits, and a fault of ours answered with a polite
 * message in the guest's language instead of an error page, so the form keeps what was typed.
 */
export async function runGuestAction<T>(locale: GuestLocale, run: (client: ClientInfo) => Promise<GuestActionResult<T>>): Promise<GuestActionResult<T>> {
  try {
    return await run(clientInfo(await headers()));
  } catch (error) {
    logger.error({ err: error }, 'Errore non gestito nel modulo contatti pubblico');
    return { ok: false, error: formTranslator(locale)('errors.unexpected') };
  }
}
