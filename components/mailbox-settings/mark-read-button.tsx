'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

export type MarkReadAction = (input: { threadId: string }) => Promise<ActionResult<{ threadId: string }>>;

export function MarkReadButton({ threadId, action }: { threadId: string; action: MarkReadAction }) {
  const t = useTranslations('mailboxSettings.quote');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const markRead = () =>
    startTransition(async () => {
      const result = await action({ threadId });
      notifications.show(result.ok ? { color: 'teal', message: t('markedRead'), autoClose: 3000 } : { color: 'red', message: result.error });
      if (result.ok) router.refresh();
    });
  return (
    <Button size="compact-sm" variant="default" onClick={markRead} loading={pending}>
      {t('markRead')}
    </Button>
  );
}
