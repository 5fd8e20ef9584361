'use client';

import { IconCircleCheck } from '@tabler/icons-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { isGuestLocale } from '@/lib/i18n/locales';
import { formatStayDate } from '@/lib/requests/stay-dates';
import styles from './contact.module.css';
import type { SentRequest } from '../../../lib/requests/contact-form-types';

/** Shown instead of the form once the request is stored: what was asked and what happens next. */
export function Confirmation({ sent, campsiteName }: { sent: SentRequest; campsiteName: string }) {
  const t = useTranslations('guestForm');
  const current = useLocale();
  const locale = isGuestLocale(current) ? current : 'en';
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the guest was in is gone: bring them, and their screen reader, to the answer.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, []);

  const stay =
    sent.arrival && sent.departure
      ? t('confirmation.stay', { campsite: campsiteName, arrival: formatStayDate(sent.arrival, locale), departure: formatStayDate(sent.departure, locale) })
      : t('confirmation.noStay', { campsite: campsiteName });
  return (
    <div className={styles.confirmation} data-testid="contact-form-confirmation">
      <span className={styles.doneIcon} aria-hidden>
        <IconCircleCheck size={34} />
      </span>
      <h2 ref={heading} tabIndex={-1}>
        {sent.firstName ? t('confirmation.titleNamed', { name: sent.firstName }) : t('confirmation.title')}
      </h2>
      <p>{stay}</p>
      <p>{t('confirmation.answer')}</p>
      {sent.newsletterPending && <p data-testid="contact-form-newsletter-pending">{t('confirmation.newsletter')}</p>}
      <p className={`${styles.small} ${styles.dimmed}`}>{t('confirmation.spam')}</p>
    </div>
  );
}
