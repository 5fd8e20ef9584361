import { formatGuestDate } from '@/lib/i18n/guest-format';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { GuestQuestion } from '@/lib/public-quotes/view';
import styles from './questions.module.css';

export type QuestionItemTexts = { you: string; answerBy: string; waiting: string };

/**
 * One question and the campsite's answers. Every text is a React text node: whatever the guest
 * typed (a <script> tag included) is shown as the characters it is.
 */
export function QuestionItem({ question, locale, texts }: { question: GuestQuestion; locale: GuestLocale; texts: QuestionItemTexts }) {
  return (
    <li className={styles.item} data-testid="guest-question" data-answered={question.answers.length > 0}>
      <div className={`${styles.bubble} ${styles.fromGuest}`}>
        <p className={styles.meta}>
          {texts.you} · {formatGuestDate(question.createdAt, locale)}
        </p>
        <p className={styles.body}>{question.body}</p>
      </div>
      {question.answers.map((answer) => (
        <div key={answer.id} className={`${styles.bubble} ${styles.fromCampsite}`} data-testid="guest-answer">
          <p className={styles.meta}>
            {texts.answerBy} · {formatGuestDate(answer.createdAt, locale)}
          </p>
          <p className={styles.body}>{answer.body}</p>
        </div>
      ))}
      {question.answers.length === 0 && <p className={styles.waiting}>{texts.waiting}</p>}
    </li>
  );
}
