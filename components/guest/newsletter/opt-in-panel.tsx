'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import type { ConfirmActionState } from '@/lib/newsletter/confirm-page';
import styles from '../guest-panel.module.css';
import guestStyles from '../guest.module.css';

const MESSAGE = {
  confirmed: 'confirmed',
  already: 'already',
  expired: 'expired',
  unknown: 'unknown',
  rate_limited: 'rateLimited',
  error: 'error',
  pending: 'error',
} as const;

export type ConfirmAction = (token: string) => Promise<ConfirmActionState>;

/** The button that confirms: a form posting the server action, so it works before the scripts load too. */
export function OptInPanel({ token, campsite, confirm }: { token: string; campsite: string; confirm: ConfirmAction }) {
  const t = useTranslations('guestNewsletter');
  const [result, action, pending] = useActionState(confirm.bind(null, token), null);
  if (result) {
    const good = result.state === 'confirmed' || result.state === 'already';
    return (
      <p className={styles.result} data-failed={good ? undefined : true} role="status" data-testid="opt-in-result">
        {t(MESSAGE[result.state], { campsite })}
      </p>
    );
  }
  return (
    <form action={action}>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending && <span className={guestStyles.spinner} aria-hidden />}
        {t('confirm')}
      </button>
    </form>
  );
}
