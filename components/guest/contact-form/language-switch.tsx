import type { GuestLocale } from '@/lib/i18n/locales';
import type { LanguageLink } from '@/lib/requests/form-options';
import styles from './contact.module.css';
import { Flag } from './flags';

type Props = { links: LanguageLink[]; current: GuestLocale; hrefOf: (segment: string) => string; label: string };

/**
 * The flags: the same form in the campsite's other languages. Plain links (a new page in the
 * other language), each named in its own language for screen readers.
 */
export function LanguageSwitch({ links, current, hrefOf, label }: Props) {
  if (links.length < 2) return null;
  return (
    <nav aria-label={label} className={styles.languages} data-testid="language-switch">
      {links.map((link) => (
        <a
          key={link.locale}
          href={hrefOf(link.segment)}
          lang={link.locale}
          hrefLang={link.locale}
          aria-current={link.locale === current ? 'page' : undefined}
          className={styles.language}
        >
          <Flag locale={link.locale} />
          {link.name}
        </a>
      ))}
    </nav>
  );
}
