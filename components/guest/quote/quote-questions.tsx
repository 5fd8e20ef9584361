import type { guestTranslator } from '@/lib/i18n/guest-translator';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { GuestQuestion } from '@/lib/public-quotes/view';
import { QUESTION_MAX_LENGTH } from '@/lib/quote-questions/text';
import { AskQuestion, type AskTexts } from './ask-question';
import { QuestionItem } from './question-item';
import quoteStyles from './quote.module.css';
import styles from './questions.module.css';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];

/** The island's texts, translated here: no translation library on the guest's phone. */
export function askTexts(t: Translate, campsite: string): AskTexts {
  return {
    ask: t('questions.askOffer'),
    label: t('questions.label'),
    counter: t('questions.counter', { count: '{count}', max: QUESTION_MAX_LENGTH }),
    send: t('questions.send'),
    cancel: t('questions.cancel'),
    sent: t('questions.sent'),
    you: t('questions.you'),
    answerBy: t('questions.answerBy', { campsite }),
    waiting: t('questions.waiting'),
    errors: {
      empty: t('questions.errors.empty'),
      too_long: t('questions.errors.too_long', { max: QUESTION_MAX_LENGTH }),
      rate_limited: t('questions.errors.rate_limited'),
      not_found: t('questions.errors.not_found'),
      unknown_card: t('questions.errors.unknown_card'),
      generic: t('questions.errors.generic'),
    },
  };
}

type Props = { questions: GuestQuestion[]; locale: GuestLocale; texts: AskTexts };

/** Under one offer: its questions and answers, and a button that opens the form. */
export function OfferQuestions({ cardIdx, questions, locale, texts }: Props & { cardIdx: number }) {
  return (
    <div className={styles.section} data-testid="offer-questions">
      {questions.length > 0 && (
        <ul className={styles.list}>
          {questions.map((question) => (
            <QuestionItem key={question.id} question={question} locale={locale} texts={texts} />
          ))}
        </ul>
      )}
      <AskQuestion cardIdx={cardIdx} collapsed />
    </div>
  );
}

/** At the foot of the page: questions about the quote as a whole; the form opens from its button, like under an offer. */
export function QuoteQuestions({ questions, locale, texts, t }: Props & { t: Translate }) {
  return (
    <section className={styles.panel} aria-labelledby="guest-questions-title" data-testid="quote-questions">
      <div>
        <h2 id="guest-questions-title" className={styles.heading}>
          {t('questions.ask')}
        </h2>
        <p className={`${quoteStyles.small} ${quoteStyles.dimmed}`}>{t('questions.intro')}</p>
      </div>
      {questions.length > 0 && (
        <ul className={styles.list} aria-label={t('questions.thread')}>
          {questions.map((question) => (
            <QuestionItem key={question.id} question={question} locale={locale} texts={texts} />
          ))}
        </ul>
      )}
      <AskQuestion cardIdx={null} collapsed askLabel={t('questions.askQuote')} />
    </section>
  );
}
