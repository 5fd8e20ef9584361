import type { ReactNode } from 'react';
import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import type { guestTranslator } from '@/lib/i18n/guest-translator';
import type { GuestLocale } from '@/lib/i18n/locales';
import { guestLineText } from '@/lib/public-quotes/guest-lines';
import type { GuestCard as Card } from '@/lib/public-quotes/view';
import { CardPictures } from './card-pictures';
import styles from './quote.module.css';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];
type Props = { card: Card; t: Translate; locale: GuestLocale; accepted: boolean; dimmed: boolean; full: boolean; action?: ReactNode; detailsLink?: ReactNode; footer?: ReactNode };

/** One offer as the guest reads it: the stay, the guests, every price line and the total. */
export function GuestCard({ card, t, locale, accepted, dimmed, full, action, detailsLink, footer }: Props) {
  const money = (cents: number) => formatGuestMoney(cents, locale);
  const dates = card.arrival && card.departure ? t('dates', { arrival: formatGuestDate(card.arrival, locale), departure: formatGuestDate(card.departure, locale) }) : '';
  const look = accepted ? styles.accepted : dimmed ? styles.notChosen : '';
  const lineName = (line: Card['priceLines'][number]) => guestLineText(line, (count) => t('nights', { count }));
  return (
    <article className={`${styles.card} ${look}`} aria-label={t('offer', { idx: card.idx + 1 })} data-testid="guest-card">
      <CardPictures images={full ? card.images : card.images.slice(0, 1)} />
      <div className={styles.cardHead}>
        <div className={styles.cardHeadText}>
          <p className={styles.eyebrow}>{t('offer', { idx: card.idx + 1 })}</p>
          <h2 className={styles.cardTitle}>{card.typologyName}</h2>
          <p className={styles.small}>
            {dates}
            {card.nights !== null && ` · ${t('nights', { count: card.nights })}`}
          </p>
        </div>
        {accepted && (
          <span className={styles.badge}>
            <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <path d="M5 12l5 5L20 7" />
            </svg>
            {t('acceptedBadge')}
          </span>
        )}
      </div>
      {card.people.length > 0 && (
        <p className={styles.small}>
          <b>{t('guests')}:</b> {card.people.map((person) => `${person.count} × ${person.label}`).join(', ')}
        </p>
      )}
      {card.extras.length > 0 && (
        <p className={styles.small}>
          <b>{t('extras')}:</b> {card.extras.map((item) => `${item.quantity} × ${item.label}`).join(', ')}
        </p>
      )}
      {full && (
        <table className={styles.prices} aria-label={t('priceDetails')}>
          <thead>
            <tr>
              <th scope="col">{t('line')}</th>
              <th scope="col">{t('amount')}</th>
            </tr>
          </thead>
          <tbody>
            {card.priceLines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.kind === 'tax' ? t('touristTax') : lineName(line)}
                  <span className={styles.unit}>
                    {line.quantity} × {money(line.unitCents)}
                  </span>
                </td>
                <td>{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {card.discountCents > 0 && (
        <div className={`${styles.row} ${styles.small}`}>
          <span>{card.offerName ? t('offerDiscount', { name: card.offerName }) : t('discount')}</span>
          <span className={styles.discount}>−{money(card.discountCents)}</span>
        </div>
      )}
      <div className={styles.row}>
        <p className={styles.strong}>{t('total')}</p>
        <p className={styles.total} data-testid="guest-card-total">
          {money(card.totalCents)}
        </p>
      </div>
      {card.text && <div className={styles.prose} dangerouslySetInnerHTML={{ __html: card.text }} />}
      {full && card.description && (
        <div className={styles.small}>
          <p className={styles.strong}>{t('about')}</p>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: card.description }} />
        </div>
      )}
      {(action || detailsLink) && (
        <div className={styles.actions}>
          {detailsLink ?? <span />}
          {action}
        </div>
      )}
      {footer}
    </article>
  );
}
