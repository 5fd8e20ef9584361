import { getTranslations } from 'next-intl/server';
import { GUEST_LOCALES } from '@/lib/i18n/locales';
import styles from './guest.module.css';

/**
 * A guest link that leads nowhere: said in every guest language, with no hint of what was wrong.
 * Plain HTML: the quote mini-site's 404 renders without Mantine's provider.
 */
export async function GuestNotFound() {
  const texts = await Promise.all(GUEST_LOCALES.map(async (locale) => ({ locale, t: await getTranslations({ locale, namespace: 'guest' }) })));
  return (
    <main className={styles.notFound}>
      {texts.map(({ locale, t }, index) => (
        <div key={locale} lang={locale}>
          {index === 0 ? <h1>{t('notFoundTitle')}</h1> : <p className={styles.notFoundTitle}>{t('notFoundTitle')}</p>}
          <p className={styles.notFoundText}>{t('notFoundText')}</p>
        </div>
      ))}
    </main>
  );
}
