'use client';

import { Button, Group, Select, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import {
  acceptForGuestAction,
  deleteQuoteAction,
  markNotConvertedAction,
  refuseQuoteAction,
  reopenQuoteAction,
} from '@/app/(staff)/preventivi/actions';
import type { ActionResult } from '@/lib/actions';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { BOOKABLE, canTransition, LOCKED_CONTENT } from '@/lib/quotes/state-machine';
import { ConfirmModal } from '@/components/ui/confirm-modal';

type Dialog = 'delete' | 'refuse' | 'accept' | 'notConverted' | null;
type Props = { quoteId: string; name: string; progress: QuoteProgress; cards: { idx: number; label: string; priced: boolean }[] };

/** What the staff can do with a quote from its page; each change is confirmed first. */
export function QuoteActions({ quoteId, name, progress, cards }: Props) {
  const t = useTranslations('quotes.preview');
  const tq = useTranslations('quotes');
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [note, setNote] = useState('');
  const [cardIdx, setCardIdx] = useState<string | null>(cards.find((card) => card.priced) ? String(cards.find((card) => card.priced)!.idx) : null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (action: () => Promise<ActionResult<unknown>>, message: string, after?: string) =>
    startTransition(async () => {
      const answer = await action();
      if (!answer.ok) return setError(answer.error);
      notifications.show({ color: 'green', message });
      setDialog(null);
      setNote('');
      if (after) router.push(after);
      else router.refresh();
    });
  const open = (next: Dialog) => {
    setError(null);
    setDialog(next);
  };

  return (
    <>
      <Group gap="xs">
        {!LOCKED_CONTENT.includes(progress) && (
          <Button component={Link} href={`/preventivo/edit/${quoteId}`} variant="light">
            {t('edit')}
          </Button>
        )}
        {BOOKABLE.includes(progress) && (
          <Button component={Link} href={`/preventivi/${quoteId}/stepsPrenotazione`}>
            {t('book')}
          </Button>
        )}
        {canTransition(progress, 'accettato', 'staff') && (
          <Button variant="default" onClick={() => open('accept')} disabled={!cards.some((card) => card.priced)}>
            {t('acceptForGuest')}
          </Button>
        )}
        {canTransition(progress, 'non convertito', 'staff') && progress === 'accettato' && (
          <Button variant="default" onClick={() => open('notConverted')}>
            {t('notConverted')}
          </Button>
        )}
        {canTransition(progress, 'rifiutato', 'staff') && (
          <Button variant="default" onClick={() => open('refuse')}>
            {t('refuse')}
          </Button>
        )}
        {canTransition(progress, 'nuovo', 'staff') && ['rifiutato', 'scaduto', 'non convertito'].includes(progress) && (
          <Button variant="default" onClick={() => run(() => reopenQuoteAction({ quoteId }), t('reopened'))} loading={pending && dialog === null}>
            {t('reopen')}
          </Button>
        )}
        {progress !== 'convertito' && (
          <Button variant="subtle" color="red" onClick={() => open('delete')}>
            {t('delete')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={dialog === 'delete'}
        title={t('deleteConfirmTitle')}
        message={t('deleteConfirmText', { name })}
        danger
        error={error}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={() => run(() => deleteQuoteAction({ quoteId }), t('deleted'), '/preventivi')}
      />
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={dialog === 'refuse'}
        title={t('refuseTitle')}
        error={error}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={() => run(() => refuseQuoteAction({ quoteId, reason: note }), t('refused'))}
      >
        <Textarea label={t('reason')} value={note} onChange={(event) => setNote(event.currentTarget.value)} autosize minRows={2} data-autofocus />
      </ConfirmModal>
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={dialog === 'accept'}
        title={t('acceptTitle')}
        message={t('acceptText')}
        error={error}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={() => run(() => acceptForGuestAction({ quoteId, cardIdx: Number(cardIdx) }), t('accepted'))}
      >
        <Select
          label={t('acceptCard')}
          data={cards.filter((card) => card.priced).map((card) => ({ value: String(card.idx), label: card.label }))}
          value={cardIdx}
          onChange={setCardIdx}
          allowDeselect={false}
        />
      </ConfirmModal>
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={dialog === 'notConverted'}
        title={t('notConvertedTitle')}
        message={t('notConvertedText')}
        error={error}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={() => run(() => markNotConvertedAction({ quoteId, note }), t('markedNotConverted'))}
      >
        <Textarea label={t('note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} autosize minRows={2} />
      </ConfirmModal>
    </>
  );
}
