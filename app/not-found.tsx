import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrandMark } from '@/components/shell/brand-mark';
import styles from './status-page.module.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notFound'))('title'), robots: { index: false } };
}

/** Plain HTML and a plain link: the root 404 renders outside every group's Mantine provider. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main className={`${styles.page} ${styles.full}`}>
      <div className={styles.content}>
        <BrandMark size={48} />
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.text}>{t('text')}</p>
        <a className={styles.button} href="/dashboard">
          {t('home')}
        </a>
      </div>
    </main>
  );
}
