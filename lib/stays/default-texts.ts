import de from '@/messages/de/stay-mails.json';
import en from '@/messages/en/stay-mails.json';
import fr from '@/messages/fr/stay-mails.json';
import it from '@/messages/it/stay-mails.json';
import nl from '@/messages/nl/stay-mails.json';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';

/**
 * The built-in stay mails in every guest language (messages/<lang>/stay-mails.json): what a guest
 * gets when the campsite chose no template, and the words around any text (summary, buttons).
 * Subjects and bodies hold the templates' placeholders, filled like a template's.
 */
export type StayMailTexts = typeof it;

export const STAY_MAIL_TEXTS: Record<GuestLocale, StayMailTexts> = { it, de, en, nl, fr };

const KEY_OF: Record<StayMessageKind, 'preArrival' | 'dayBefore' | 'postStay'> = { pre_arrival: 'preArrival', day_before: 'dayBefore', post_stay: 'postStay' };

/** The default subject and body of one kind of stay mail in one language. */
export const defaultStayText = (kind: StayMessageKind, locale: GuestLocale) => STAY_MAIL_TEXTS[locale][KEY_OF[kind]];
