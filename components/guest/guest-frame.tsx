import type { ReactNode } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';
import { DocumentLanguage } from './document-language';
import styles from './guest.module.css';

/**
 * A guest page's frame: no staff navigation, no footer, and the page's own language for screen
 * readers, on <html> too once the page runs (the root layout writes the staff's Italian). Plain
 * HTML, so that the quote mini-site, which loads no Mantine, can use it as the contact and
 * unsubscribe pages do.
 */
export function GuestFrame({ locale, children }: { locale: GuestLocale; children: ReactNode }) {
  return (
    <main lang={locale} className={styles.frame}>
      <DocumentLanguage locale={locale} />
      <div className={styles.container}>{children}</div>
    </main>
  );
}
