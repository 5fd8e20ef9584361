'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { askQuoteQuestion } from '@/app/(public)/visualizzaPreventivo/actions';
import type { GuestQuestion } from '@/lib/public-quotes/view';
import { cleanMessage, QUESTION_MAX_LENGTH } from '@/lib/quote-questions/text';
import { QuestionItem, type QuestionItemTexts } from './question-item';
import { useQuoteIslands } from './quote-islands';
import quoteStyles from './quote.module.css';
import styles from './questions.module.css';

export type AskErrorCode = 'empty' | 'too_long' | 'rate_limited' | 'not_found' | 'unknown_card' | 'generic';
export type AskTexts = QuestionItemTexts & {
  ask: string;
  label: string;
  /** With '{count}' where the number of characters typed goes. */
  counter: string;
  send: string;
  cancel: string;
  sent: string;
  errors: Record<AskErrorCode, string>;
};

type Props = {
  /** The offer asked about; null: the whole quote. */
  cardIdx: number | null;
  /** The form opens from a button (the page stays short); false: open from the start. */
  collapsed: boolean;
  /** The opening button's words, when not the offer's («Hai una domanda su questa offerta?»). */
  askLabel?: string;
};

/** "Hai una domanda?": a short message to the campsite, kept as typed if it cannot be sent. */
export function AskQuestion({ cardIdx, collapsed, askLabel }: Props) {
  const { ids, locale, shownIds, ask: texts } = useQuoteIslands();
  const router = useRouter();
  const [open, setOpen] = useState(!collapsed);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [sent, setSent] = useState<GuestQuestion[]>([]);
  const [pending, startTransition] = useTransition();
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const focusField = useRef(false);
  const focusOpener = useRef(false);
  const fieldId = useId();
  // Focus moves once the other half is drawn: a transition commits later than a frame callback runs.
  useEffect(() => {
    if (open && focusField.current) {
      focusField.current = false;
      field.current?.focus();
    }
    if (!open && focusOpener.current) {
      focusOpener.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const waiting = sent.filter((question) => !shownIds.includes(question.id));
  const send = () =>
    startTransition(async () => {
      // Pasted text may carry invisible characters: they go before the text does (the server drops them too).
      const text = cleanMessage(value);
      if (text === '') return setError(texts.errors.empty);
      if (text.length > QUESTION_MAX_LENGTH) return setError(texts.errors.too_long);
      const answer = await askQuoteQuestion({ ...ids, cardIdx, text }).catch(() => ({ ok: false as const, code: 'generic' as const }));
      if (!answer.ok) {
        setStatus(null);
        return setError(texts.errors[answer.code]);
      }
      setSent((list) => [...list, { ...answer.data, answers: [] }]);
      setValue('');
      setError(null);
      setStatus(texts.sent);
      if (collapsed) {
        // The form gives way to its button again: the focus goes there, not to the top of the page.
        focusOpener.current = true;
        setOpen(false);
      }
      router.refresh();
    });
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-counter`;
  return (
    <>
      {waiting.length > 0 && (
        <ul className={styles.list}>
          {waiting.map((question) => (
            <QuestionItem key={question.id} question={question} locale={locale} texts={texts} />
          ))}
        </ul>
      )}
      <p role="status" className={`${quoteStyles.small} ${quoteStyles.dimmed}`} hidden={!status}>
        {status}
      </p>
      {open ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) send();
          }}
          data-testid="ask-question"
        >
          <label className={styles.label} htmlFor={fieldId}>
            {texts.label}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            className={styles.textarea}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setStatus(null);
            }}
            maxLength={QUESTION_MAX_LENGTH}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${counterId}` : counterId}
          />
          {error && (
            <p id={errorId} role="alert" className={quoteStyles.fieldError}>
              {error}
            </p>
          )}
          <div className={styles.formFoot}>
            <p id={counterId} className={styles.counter}>
              {texts.counter.replace('{count}', String(value.length))}
            </p>
            <div className={styles.buttons}>
              {collapsed && (
                <button
                  type="button"
                  className={`${quoteStyles.button} ${quoteStyles.secondary}`}
                  onClick={() => {
                    focusOpener.current = true;
                    setOpen(false);
                    setError(null);
                  }}
                  disabled={pending}
                >
                  {texts.cancel}
                </button>
              )}
              <button type="submit" className={quoteStyles.button} disabled={pending || value.trim() === ''} aria-busy={pending}>
                {texts.send}
              </button>
            </div>
          </div>
        </form>
      ) : (
        <button
          ref={opener}
          type="button"
          className={`${quoteStyles.button} ${quoteStyles.secondary} ${styles.askButton}`}
          onClick={() => {
            focusField.current = true;
            setOpen(true);
          }}
        >
          {askLabel ?? texts.ask}
        </button>
      )}
    </>
  );
}
