'use client';

import { useTranslations } from 'next-intl';
import styles from './contact.module.css';

/**
 * A field for bots only: off screen, hidden from screen readers, out of the tab order and never
 * autofilled, so a person leaves it empty. The server answers a filled one as a success and
 * stores nothing. Off to the left, it cannot widen the page.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useTranslations('guestForm');
  return (
    <div aria-hidden="true" data-testid="contact-form-honeypot" className={styles.honeypot}>
      <label htmlFor="contact-form-website">{t('honeypot')}</label>
      <input
        id="contact-form-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
