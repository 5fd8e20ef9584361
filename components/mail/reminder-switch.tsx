'use client';

import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { setQuoteReminderAction } from '@/app/(staff)/preventivi/mail-actions';

/** Per quote: whether the reminder job may remind the guest (spec: staff can switch it off). */
export function ReminderSwitch({ quoteId, enabled, days, sentAt }: { quoteId: string; enabled: boolean; days: number; sentAt: string | null }) {
  const t = useTranslations('mail.reminder');
  const [checked, setChecked] = useState(enabled);
  const [pending, startTransition] = useTransition();
  const change = (next: boolean) =>
    startTransition(async () => {
      setChecked(next);
      const answer = await setQuoteReminderAction({ quoteId, enabled: next });
      if (!answer.ok) {
        setChecked(!next);
        notifications.show({ color: 'red', message: answer.error });
      }
    });
  return (
    <Switch
      checked={checked}
      disabled={pending || sentAt !== null}
      onChange={(event) => change(event.currentTarget.checked)}
      label={t('label')}
      description={sentAt ? t('sent', { date: sentAt }) : days > 0 ? t('hint', { days }) : t('off')}
    />
  );
}
