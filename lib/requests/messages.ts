import { createTranslator } from 'use-intl/core';
import type { GuestLocale } from '@/lib/i18n/locales';
import de from '@/messages/de/guest-form.json';
import en from '@/messages/en/guest-form.json';
import fr from '@/messages/fr/guest-form.json';
import it from '@/messages/it/guest-form.json';
import nl from '@/messages/nl/guest-form.json';

const MESSAGES: Record<GuestLocale, Record<string, unknown>> = { it, de, en, nl, fr };

export type FormTranslate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The contact form's texts in the guest's language for code that runs outside a page render
 * (the schema, the service, the legacy call): the same files the page shows.
 */
export function formTranslator(locale: GuestLocale): FormTranslate {
  // The files are read as plain JSON: the keys are checked by the tests, not by the types.
  const translate = createTranslator({ locale, messages: MESSAGES[locale] as Record<string, string> });
  return (key, values) => translate(key, values);
}
