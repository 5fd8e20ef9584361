'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { SentSurveyAnswer } from '@/lib/surveys/sent-answer';
import { COMMENT_MAX, type SurveyFieldErrors } from '@/lib/surveys/validation';
import panel from '@/components/guest/guest-panel.module.css';
import guestStyles from '@/components/guest/guest.module.css';
import { CommentField } from './comment-field';
import { SurveyThanks } from './survey-thanks';
import { ScoreScale } from './score-scale';
import styles from './survey.module.css';

export type SurveyAction = (values: { campsiteId: string; token: string; answer: Record<string, unknown> }) => Promise<
  { ok: true; data: SentSurveyAnswer } | { ok: false; code: string; fieldErrors?: SurveyFieldErrors }
>;

type Props = { campsiteId: string; token: string; locale: GuestLocale; initial: SentSurveyAnswer | null; editable: boolean; action: SurveyAction };

/** The survey's form and, once sent, the thanks with the answer; a second send changes the same answer. */
export function SurveyForm({ campsiteId, token, locale, initial, editable: initiallyEditable, action }: Props) {
  const t = useTranslations('survey');
  const [sent, setSent] = useState<SentSurveyAnswer | null>(initial);
  const [editing, setEditing] = useState(initial === null);
  const [editable, setEditable] = useState(initiallyEditable);
  const [score, setScore] = useState<number | null>(initial?.score ?? null);
  const [wentWell, setWentWell] = useState(initial?.wentWell ?? '');
  const [toImprove, setToImprove] = useState(initial?.toImprove ?? '');
  const [errors, setErrors] = useState<SurveyFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const fieldError = (code: SurveyFieldErrors[keyof SurveyFieldErrors]) => (code ? t(`errors.${code}`, { max: COMMENT_MAX }) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return setErrors({ score: 'score' });
    startTransition(async () => {
      const result = await action({ campsiteId, token, answer: { score, wentWell, toImprove } }).catch((): Awaited<ReturnType<SurveyAction>> => ({ ok: false, code: 'generic' }));
      if (result.ok) {
        setSent(result.data);
        setErrors({});
        setFailure(null);
        return setEditing(false);
      }
      setErrors(result.fieldErrors ?? {});
      if (result.code === 'closed') setEditable(false);
      const known = ['closed', 'not_found', 'rate_limited'].includes(result.code);
      setFailure(result.code === 'invalid' ? null : t(`errors.${known ? result.code.replace('not_found', 'notFound').replace('rate_limited', 'rateLimited') : 'generic'}`));
    });
  };

  if (sent && !editing) return <SurveyThanks answer={sent} locale={locale} editable={editable} onEdit={() => setEditing(true)} />;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ScoreScale value={score} onChange={setScore} error={fieldError(errors.score)} />
      <CommentField id="survey-went-well" label={t('wentWell')} value={wentWell} onChange={setWentWell} error={fieldError(errors.wentWell)} />
      <CommentField id="survey-to-improve" label={t('toImprove')} value={toImprove} onChange={setToImprove} error={fieldError(errors.toImprove)} />
      {failure && (
        <p className={panel.result} data-failed role="alert">
          {failure}
        </p>
      )}
      <div className={panel.actions}>
        <button type="submit" className={panel.button} disabled={pending || !editable}>
          {pending && <span className={guestStyles.spinner} aria-hidden />}
          {sent ? t('update') : t('send')}
        </button>
        {sent && (
          <button type="button" className={`${panel.button} ${panel.outline}`} onClick={() => setEditing(false)} disabled={pending}>
            {t('cancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
}
