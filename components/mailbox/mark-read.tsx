'use client';

import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import { markThreadAction } from '@/app/(staff)/mail/actions';
import { announceMailUnreadChanged } from '@/components/shell/mail-unread/use-mail-unread';

/**
 * Opening an unread conversation marks it read, after the page is shown: a GET never writes, so
 * the mark is an action the browser sends once the staff have the conversation in front of them.
 */
export function MarkReadOnOpen({ threadId, unread }: { threadId: string; unread: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!unread || done.current === threadId) return;
    done.current = threadId;
    void markThreadAction({ threadId, unread: false }).then((answer) => {
      if (!answer.ok) return setError(answer.error);
      announceMailUnreadChanged();
      router.refresh();
    });
  }, [threadId, unread, router]);
  if (!error) return null;
  return (
    <Alert color="yellow" role="alert">
      {error}
    </Alert>
  );
}

/** "Segna come da leggere": the guest's last message unread again, and back to the list. */
export function MarkUnreadButton({ threadId }: { threadId: string }) {
  const t = useTranslations('mailbox.thread');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const mark = () =>
    startTransition(async () => {
      const answer = await markThreadAction({ threadId, unread: true });
      if (!answer.ok) return setError(answer.error);
      notifications.show({
        color: 'teal',
        message: t('markedUnread'),
        autoClose: 3000,
      });
      router.push('/mail');
    });
  return (
    <>
      <Button variant="default" size="sm" loading={pending} onClick={mark}>
        {t('markUnread')}
      </Button>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
