import type { CampsiteContacts, OpeningHours, TimeRange } from '@/lib/vocabulary/campsite-shapes';
import type { guestTranslator } from '@/lib/i18n/guest-translator';
import styles from './quote.module.css';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];
type Props = { contacts: CampsiteContacts | null; hours: OpeningHours; t: Translate };

/** How to reach the campsite and when: its contacts and opening hours, as saved in its settings. */
export function CampsiteInfo({ contacts, hours, t }: Props) {
  const ranges = (list: TimeRange[]) => list.map((range) => t('hours.range', { from: range.from, to: range.to })).join(', ');
  const reachable = Boolean(contacts?.phone || contacts?.email);
  return (
    <div className={reachable ? `${styles.info} ${styles.twoColumns}` : styles.info}>
      {reachable && contacts && (
        <div>
          <p className={styles.infoTitle}>{t('contact')}</p>
          <div className={styles.contacts}>
            {contacts.phone && (
              <a className={styles.link} href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>
                {t('phone')}: {contacts.phone}
              </a>
            )}
            {contacts.email && (
              <a className={styles.link} href={`mailto:${contacts.email}`}>
                {t('email')}: {contacts.email}
              </a>
            )}
          </div>
        </div>
      )}
      <section className={styles.hours} aria-label={t('hours.title')} data-testid="guest-hours">
        <p className={styles.infoTitle}>{t('hours.title')}</p>
        <p className={styles.small}>{t('hours.reception', { time: hours.baseTime })}</p>
        <p className={styles.small}>
          {t('hours.checkin')}: {ranges(hours.checkin)}
        </p>
        <p className={styles.small}>
          {t('hours.checkout')}: {ranges(hours.checkout)}
        </p>
        {hours.notes && <p className={`${styles.small} ${styles.dimmed} ${styles.notes}`}>{hours.notes}</p>}
      </section>
    </div>
  );
}
