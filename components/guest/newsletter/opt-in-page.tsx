import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import type { ConfirmPageData } from '@/lib/newsletter/confirm-page';
import styles from '../guest-panel.module.css';
import { OptInPanel, type ConfirmAction } from './opt-in-panel';

/** The double opt-in page, in the language of the request (or the browser's, for a link we do not know). */
export async function OptInPage({ token, data, confirm }: { token: string; data: ConfirmPageData; confirm: ConfirmAction }) {
  const { locale } = data;
  const { t, messages } = await guestTranslator(locale, 'guestNewsletter');
  const campsite = data.campsiteName ?? '';
  const notice = data.blocked ? t('rateLimited') : data.state === 'unknown' ? t('unknown') : data.state === 'expired' ? t('expired') : null;
  return (
    <GuestIntlProvider locale={locale} messages={{ guestNewsletter: messages.guestNewsletter }}>
      <GuestFrame locale={locale}>
        <div className={styles.card}>
          <h1 className={styles.title}>{campsite ? t('title', { campsite }) : t('unknownTitle')}</h1>
          {notice ? (
            <p className={styles.result} data-failed role="status" data-testid="opt-in-result">
              {notice}
            </p>
          ) : data.state === 'already' ? (
            <p className={styles.result} role="status" data-testid="opt-in-result">
              {t('already')}
            </p>
          ) : (
            <>
              <p className={styles.text}>{t('intro', { campsite, email: data.email ?? '' })}</p>
              <OptInPanel token={token} campsite={campsite} confirm={confirm} />
            </>
          )}
        </div>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
