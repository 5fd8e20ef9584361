'use client';

import { useRef, useState, useTransition } from 'react';
import { requestNewQuote } from '@/app/(public)/visualizzaPreventivo/actions';
import styles from './document.module.css';
import quoteStyles from './quote.module.css';

export type RenewTexts = { title: string; text: string; renew: string; renewed: string; renewedBefore: string; rateLimited: string; generic: string };

type Props = { campsiteId: string; quoteId: string; contactId: string; texts: RenewTexts };

/**
 * The expired quote's panel: what happened, and one button that asks the campsite for a new quote
 * for the same stay. The server files it once a day at most, and says when it already had.
 */
export function RenewQuote({ campsiteId, quoteId, contactId, texts }: Props) {
  const [outcome, setOutcome] = useState<{ text: string; done: boolean } | null>(null);
  const [pending, startTransition] = useTransition();
  const status = useRef<HTMLParagraphElement>(null);
  const ask = () =>
    startTransition(async () => {
      let next: { text: string; done: boolean };
      try {
        const answer = await requestNewQuote({ campsiteId, quoteId, contactId });
        next = answer.ok
          ? { text: answer.filed ? texts.renewed : texts.renewedBefore, done: true }
          : { text: answer.code === 'rate_limited' ? texts.rateLimited : texts.generic, done: false };
      } catch {
        next = { text: texts.generic, done: false };
      }
      setOutcome(next);
      requestAnimationFrame(() => status.current?.focus());
    });
  return (
    <section className={styles.expired} aria-labelledby="guest-quote-expired-title" data-testid="guest-quote-expired">
      <h2 id="guest-quote-expired-title" className={styles.expiredTitle}>
        {texts.title}
      </h2>
      <p className={quoteStyles.paragraph}>{texts.text}</p>
      {outcome?.done ? null : (
        <div>
          <button type="button" className={`${quoteStyles.button} ${quoteStyles.large}`} onClick={ask} disabled={pending} aria-busy={pending}>
            {texts.renew}
          </button>
        </div>
      )}
      {outcome && (
        <p ref={status} tabIndex={-1} role={outcome.done ? 'status' : 'alert'} className={outcome.done ? styles.done : `${quoteStyles.banner} ${quoteStyles.red} ${quoteStyles.small}`}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
