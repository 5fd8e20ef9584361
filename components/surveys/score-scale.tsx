'use client';

import { useTranslations } from 'next-intl';
import styles from './survey.module.css';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

type Props = { value: number | null; onChange: (score: number) => void; error: string | null };

/**
 * The 0–10 question as eleven native radio buttons in a fieldset: arrows move between them, the
 * legend is the question and the two ends are explained beside it for screen readers too.
 */
export function ScoreScale({ value, onChange, error }: Props) {
  const t = useTranslations('survey');
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? 'survey-score-scale survey-score-error' : 'survey-score-scale'} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{t('scoreQuestion')}</legend>
      <p id="survey-score-scale" className={styles.hint}>
        {t('scoreScale')}
      </p>
      <div className={styles.scale}>
        {SCORES.map((score) => (
          <label key={score} className={styles.option}>
            <input className={styles.radio} type="radio" name="score" value={score} checked={value === score} onChange={() => onChange(score)} />
            <span className={styles.box}>{score}</span>
          </label>
        ))}
      </div>
      <div className={styles.ends} aria-hidden>
        <span>{t('scoreLow')}</span>
        <span>{t('scoreHigh')}</span>
      </div>
      {error && (
        <p id="survey-score-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
