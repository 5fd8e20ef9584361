'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import styles from '../guest-panel.module.css';
import guestStyles from '../guest.module.css';

type Props = { campsiteId: string; contactId: string; campsite: string; subscribed: boolean };

/**
 * The page itself changes nothing: a link checker opening it must not unsubscribe anyone.
 * The guest's click does, through the public annulla/iscriviNewsletter calls.
 */
export function SubscriptionPanel({ campsiteId, contactId, campsite, subscribed: initial }: Props) {
  const t = useTranslations('guestUnsubscribe');
  const [subscribed, setSubscribed] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const change = (path: '/annullaNewsletter' | '/iscriviNewsletter') =>
    startTransition(async () => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ camp: campsiteId, cliente: contactId }),
      }).catch(() => null);
      if (!response?.ok) {
        setFailed(true);
        return setMessage(t('error'));
      }
      setFailed(false);
      const nowSubscribed = path === '/iscriviNewsletter';
      setSubscribed(nowSubscribed);
      setMessage(t(nowSubscribed ? 'resubscribed' : 'unsubscribed', { campsite }));
    });
  return (
    <>
      {message && (
        <p className={styles.result} data-failed={failed || undefined} role="status" data-testid="unsubscribe-result">
          {message}
        </p>
      )}
      {!message && <p className={styles.text}>{subscribed ? t('subscribedText', { campsite }) : t('notSubscribed', { campsite })}</p>}
      <div className={styles.actions}>
        {subscribed ? (
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={() => change('/annullaNewsletter')} disabled={pending}>
            {pending && <span className={guestStyles.spinner} aria-hidden />}
            {t('unsubscribe')}
          </button>
        ) : (
          <button type="button" className={`${styles.button} ${styles.outline}`} onClick={() => change('/iscriviNewsletter')} disabled={pending}>
            {pending && <span className={guestStyles.spinner} aria-hidden />}
            {t('resubscribe')}
          </button>
        )}
      </div>
    </>
  );
}
