'use client';

import { useTranslations } from 'next-intl';
import { COMMENT_MAX } from '@/lib/surveys/validation';
import styles from './survey.module.css';

type Props = { id: string; label: string; value: string; onChange: (value: string) => void; error: string | null };

/** One of the two optional comments; the length is checked by the server, so a long paste keeps its text and gets the error beside it. */
export function CommentField({ id, label, value, onChange, error }: Props) {
  const t = useTranslations('survey');
  return (
    <div>
      <label htmlFor={id} className={styles.label}>
        {label} <span className={styles.optional}>{t('optional')}</span>
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={4}
        maxLength={COMMENT_MAX * 2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
