'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { callGuestApi } from './guest-api';
import { useQuoteIslands } from './quote-islands';
import styles from './quote.module.css';

/** The answers of the accept call the guest is told about in words of their own; others are 'generic'. */
export type AcceptErrorCode = 'expired' | 'already_accepted' | 'not_open' | 'unknown_card' | 'generic';
export type AcceptTexts = { accept: string; confirmTitle: string; confirm: string; cancel: string; errors: Record<AcceptErrorCode, string> };

type Props = {
  idx: number;
  summary: string;
  /** What the page says once this offer is accepted. */
  acceptedText: string;
};

const isKnown = (code: string, errors: AcceptTexts['errors']): code is AcceptErrorCode => Object.hasOwn(errors, code);

/**
 * Accepting is one tap and a confirmation. The page may come from the cache, so the validity
 * is checked here too: past it, the offer says so instead of offering the button. The texts come
 * translated from the server: no translation library on the guest's phone.
 */
export function AcceptOffer({ idx, summary, acceptedText }: Props) {
  const { ids, validUntil, accept: texts } = useQuoteIslands();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [accepted, setAccepted] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!accepted) return;
    status.current?.focus();
    // Once the invalidation has landed, the page again from the server (the other offers closed).
    const again = setTimeout(() => router.refresh(), 1500);
    return () => clearTimeout(again);
  }, [accepted, router]);
  // The clock is read outside render (each render on the client, the server's own for its HTML).
  const pastValidity = () => validUntil !== null && Date.parse(validUntil) < Date.now();
  const expired = useBrowserValue(pastValidity, pastValidity);
  // Said at once, from the call's answer: the refreshed page may still come from a cache that the
  // acceptance is invalidating at that very moment (the route's tag revalidation runs after its
  // response), and the guest must not be shown the offer as still open.
  if (accepted) {
    return (
      <p ref={status} role="status" tabIndex={-1} className={`${styles.banner} ${styles.green} ${styles.small}`}>
        {acceptedText}
      </p>
    );
  }
  if (expired) return <p className={`${styles.small} ${styles.dimmed}`}>{texts.errors.expired}</p>;
  const open = () => {
    setError(null);
    // showModal makes the rest of the page inert, moves focus in, and closes on Escape.
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const accept = () =>
    startTransition(async () => {
      const answer = await callGuestApi(`/accettaPreventivo/${ids.campsiteId}/${ids.quoteId}/${idx}`, { cliente: ids.contactId });
      if (!answer.ok) return setError(texts.errors[isKnown(answer.code, texts.errors) ? answer.code : 'generic']);
      close();
      setAccepted(true);
      router.refresh();
    });
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.large}`} onClick={open}>
        {texts.accept}
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={titleId}
        // While the call runs, Escape must not hide its outcome.
        onCancel={(event) => pending && event.preventDefault()}
      >
        <div className={styles.dialogBody}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {texts.confirmTitle}
          </h2>
          <p className={styles.small}>{summary}</p>
          {error && (
            <p role="alert" className={`${styles.banner} ${styles.red} ${styles.small}`}>
              {error}
            </p>
          )}
          <div className={styles.dialogButtons}>
            {/* First in the dialog, so the focus lands on the harmless choice. */}
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={close} disabled={pending}>
              {texts.cancel}
            </button>
            <button type="button" className={styles.button} onClick={accept} disabled={pending} aria-busy={pending}>
              {texts.confirm}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
