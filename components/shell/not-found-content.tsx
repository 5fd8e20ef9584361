import { getTranslations } from 'next-intl/server';
import { BrandMark } from './brand-mark';
import styles from './status-page.module.css';

type Props = {
  /** Alone on the page (a guest's 404) rather than inside the staff shell. */
  full?: boolean;
  /** A service account goes back to the mail: the dashboard would log it out (spec section 2). */
  fullPack?: boolean;
  /** A page that knows what was missing says so (e.g. «Cliente non trovato») and where to go back. */
  title?: string;
  text?: string;
  back?: { href: string; label: string };
  /**
   * Writes the tab's title itself: a not-found below the root has no metadata of its own, and
   * the tab would keep the title of the page that was not found.
   */
  ownTitle?: boolean;
};

/**
 * The one 404 content: for a guest on its own page, for a logged-in user inside the staff shell.
 * Plain HTML and a plain link, since the guest's 404 renders outside every Mantine provider.
 */
export async function NotFoundContent({ full = false, fullPack = true, title, text, back, ownTitle = false }: Props) {
  const [t, meta] = await Promise.all([getTranslations('notFound'), getTranslations('meta')]);
  const link = back ?? (fullPack ? { href: '/dashboard', label: t('home') } : { href: '/mail', label: t('mail') });
  // Inside the shell the page is already the <main> landmark.
  const Box = full ? 'main' : 'div';
  return (
    <Box className={full ? `${styles.page} ${styles.full}` : styles.page} data-testid="not-found">
      {ownTitle && <title>{`${title ?? t('title')} · ${meta('appName')}`}</title>}
      <div className={styles.content}>
        <BrandMark size={48} />
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{title ?? t('title')}</h1>
        <p className={styles.text}>{text ?? t('text')}</p>
        <a className={styles.button} href={link.href}>
          {link.label}
        </a>
      </div>
    </Box>
  );
}
