'use client';

import { useTranslations } from 'next-intl';
import { formatGuestDate } from '@/lib/i18n/guest-format';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { SentSurveyAnswer } from '@/lib/surveys/sent-answer';
import panel from '@/components/guest/guest-panel.module.css';
import styles from './survey.module.css';

type Props = { answer: SentSurveyAnswer; locale: GuestLocale; editable: boolean; onEdit: () => void };

/** After the send (and on coming back): the answer as stored, and whether it may still change. */
export function SurveyThanks({ answer, locale, editable, onEdit }: Props) {
  const t = useTranslations('survey');
  const until = answer.editableUntil ? formatGuestDate(answer.editableUntil, locale) : null;
  return (
    <section aria-labelledby="survey-thanks" data-testid="survey-thanks">
      <p className={panel.result} role="status">
        <strong id="survey-thanks">{t('thanksTitle')}</strong> {t('thanksText')}
      </p>
      <h2>{t('yourAnswer')}</h2>
      <dl className={styles.answer}>
        <dt>{t('scoreQuestion')}</dt>
        <dd data-testid="survey-score">{t('yourScore', { score: answer.score })}</dd>
        <dt>{t('wentWell')}</dt>
        <dd>{answer.wentWell || t('nothingWritten')}</dd>
        <dt>{t('toImprove')}</dt>
        <dd>{answer.toImprove || t('nothingWritten')}</dd>
      </dl>
      {editable ? (
        <div className={panel.actions}>
          {until && <p className={panel.text}>{t('editableUntil', { date: until })}</p>}
          <button type="button" className={`${panel.button} ${panel.outline}`} onClick={onEdit}>
            {t('edit')}
          </button>
        </div>
      ) : (
        <p className={panel.text}>{t('closed')}</p>
      )}
    </section>
  );
}
