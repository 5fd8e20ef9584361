import { formatGuestDate } from './guest-format';
import type { GuestLocale } from './locales';

/**
 * The titles the CRM gives a quote itself (no staff typed one): the guest reads the title as the
 * heading of their page, so it is written in the guest's language (issue 27), as the staff would.
 */
const REQUEST: Record<GuestLocale, (date: string) => string> = {
  it: (date) => `Richiesta del ${date}`,
  de: (date) => `Anfrage vom ${date}`,
  en: (date) => `Request of ${date}`,
  nl: (date) => `Aanvraag van ${date}`,
  fr: (date) => `Demande du ${date}`,
};

const STAY: Record<GuestLocale, (year: number, guest: string) => string> = {
  it: (year, guest) => `Soggiorno ${year} – ${guest}`,
  de: (year, guest) => `Aufenthalt ${year} – ${guest}`,
  en: (year, guest) => `Stay ${year} – ${guest}`,
  nl: (year, guest) => `Verblijf ${year} – ${guest}`,
  fr: (year, guest) => `Séjour ${year} – ${guest}`,
};

/** A request from the contact form: «Richiesta del 12/07/2026», «Anfrage vom 12.07.2026». */
export const requestQuoteTitle = (locale: GuestLocale, at: Date) => REQUEST[locale](formatGuestDate(at.toISOString(), locale));

/** A stay proposed again (Riproponi l’anno scorso): «Soggiorno 2027 – Greta Bauer», «Aufenthalt 2027 – Greta Bauer». */
export const stayQuoteTitle = (locale: GuestLocale, year: number, guest: string) => STAY[locale](year, guest);
