'use client';

import { useEffect } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';

/**
 * The document's language set to the guest page's: the root layout writes the staff's Italian on
 * <html> before any page is known, and browsers pick hyphenation, voices and translation offers
 * from it. Restored on leaving, for a page of another language.
 */
export function DocumentLanguage({ locale }: { locale: GuestLocale }) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = locale;
    return () => {
      root.lang = previous;
    };
  }, [locale]);
  return null;
}
