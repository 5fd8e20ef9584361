'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { skipStayMailAction } from '@/app/(staff)/prossimiInvii/actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';

type Props = { quoteId: string; kind: StayMessageKind; guestName: string; kindLabel: string; dateLabel: string };

/** «Salta» with its confirmation: the mail never goes, and the list reloads without it. */
export function SkipStayMailButton({ quoteId, kind, guestName, kindLabel, dateLabel }: Props) {
  const t = useTranslations('stays.skip');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const openDialog = () => {
    setError(null);
    setOpen(true);
  };
  const confirm = () =>
    startTransition(async () => {
      const answer = await skipStayMailAction({ quoteId, kind });
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      setOpen(false);
      notifications.show({ color: answer.data.status === 'skipped' ? 'teal' : 'yellow', message: answer.data.status === 'skipped' ? t('done') : t('alreadyQueued'), autoClose: 4000 });
      router.refresh();
    });
  return (
    <>
      <Button size="xs" variant="light" color="red" aria-label={t('label', { kind: kindLabel, guest: guestName })} onClick={openDialog}>
        {t('button')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('title')}
        message={t('message', { guest: guestName, kind: kindLabel, date: dateLabel })}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        danger
        pending={pending}
        error={error}
        confirmTestId="confirm-skip"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
