import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import panel from '@/components/guest/guest-panel.module.css';
import { formatGuestDate } from '@/lib/i18n/guest-format';
import { surveyTranslator } from '@/lib/surveys/messages';
import { toSentAnswer } from '@/lib/surveys/sent-answer';
import { isEditable, type SurveyView } from '@/lib/surveys/survey';
import { SurveyForm, type SurveyAction } from './survey-form';
import styles from './survey.module.css';

type Props = { campsiteId: string; token: string; survey: SurveyView; now: Date; action: SurveyAction };

/** The guest's survey of a stay, in the guest's language: the stay, the question, the answer once given. */
export async function SurveyPage({ campsiteId, token, survey, now, action }: Props) {
  const { locale } = survey;
  const { t, messages } = await surveyTranslator(locale);
  const { arrival, departure } = survey;
  return (
    <GuestIntlProvider locale={locale} messages={messages}>
      <GuestFrame locale={locale}>
        <div className={panel.card}>
          <h1 className={panel.title}>{t('title', { campsite: survey.campsiteName })}</h1>
          {arrival && departure && <p className={styles.stay}>{t('stay', { arrival: formatGuestDate(arrival, locale), departure: formatGuestDate(departure, locale) })}</p>}
          {survey.typologyName && <p className={styles.stay}>{t('accommodation', { typology: survey.typologyName })}</p>}
          {!survey.answer && (
            <p className={panel.text}>
              {survey.firstName ? `${t('greeting', { name: survey.firstName })} ` : ''}
              {t('intro')}
            </p>
          )}
          <SurveyForm
            campsiteId={campsiteId}
            token={token}
            locale={locale}
            initial={survey.answer ? toSentAnswer(survey) : null}
            editable={isEditable(survey, now)}
            action={action}
          />
        </div>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
