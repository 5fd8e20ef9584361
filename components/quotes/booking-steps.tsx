'use client';

import { Alert, Button, Group, Paper, Radio, Select, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { availabilityAction, bookQuoteAction, markNotConvertedAction } from '@/app/(staff)/preventivi/actions';
import type { Availability } from '@/lib/booking-platform/types';

export type BookableCard = { idx: number; label: string; stay: string; total: string };
/** preferredResourceId: the unit the quote already names (a returning guest's usual pitch), chosen first when free. */
type Props = { quoteId: string; quoteHref: string; cards: BookableCard[]; initialCardIdx: number; preferredResourceId?: string | null };

/** Availability, unit, confirmation: the steps that end in inserisciPrenotazione. */
export function BookingSteps({ quoteId, quoteHref, cards, initialCardIdx, preferredResourceId = null }: Props) {
  const t = useTranslations('quotes.booking');
  const router = useRouter();
  const [step, setStep] = useState(0);
  const [cardIdx, setCardIdx] = useState(initialCardIdx);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ number: string; year: number } | null>(null);
  const [pending, startTransition] = useTransition();
  const card = cards.find((candidate) => candidate.idx === cardIdx);
  const resource = availability?.resources.find((candidate) => candidate.id === resourceId);

  const check = () =>
    startTransition(async () => {
      setFailure(null);
      const answer = await availabilityAction({ quoteId, cardIdx });
      if (!answer.ok) return setFailure(answer.error);
      setAvailability(answer.data);
      const preferred = answer.data.resources.find((candidate) => candidate.id === preferredResourceId);
      setResourceId(preferred?.id ?? answer.data.resources[0]?.id ?? null);
    });
  const book = () =>
    startTransition(async () => {
      setFailure(null);
      const answer = await bookQuoteAction({ quoteId, cardIdx, resourceIds: resourceId ? [resourceId] : [] });
      if (!answer.ok) return setFailure(answer.error);
      const reference = { number: answer.data.bookingNumber ?? '', year: answer.data.bookingYear ?? 0 };
      setBooked(reference);
      notifications.show({ color: 'green', message: t('done', reference) });
    });
  const closeAsNotConverted = () =>
    startTransition(async () => {
      const answer = await markNotConvertedAction({ quoteId, note: failure ?? undefined });
      if (!answer.ok) return setFailure(answer.error);
      router.push(quoteHref);
    });

  if (booked) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title={t('done', booked)} data-testid="booking-done" />
        <Button component={Link} href={quoteHref} w="fit-content">
          {t('backToQuote')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {failure && (
        <Alert color="red" role="alert" title={step === 2 ? t('failed') : undefined}>
          <Stack gap="xs">
            <Text size="sm">{failure}</Text>
            {step === 2 && (
              <Button size="xs" variant="white" color="red" w="fit-content" onClick={closeAsNotConverted} loading={pending}>
                {t('markNotConverted')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Stepper active={step} onStepClick={(index) => index < step && setStep(index)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('stepAvailability')}>
          <Stack gap="md">
            <Select
              label={t('chooseCard')}
              data={cards.map((candidate) => ({ value: String(candidate.idx), label: `${candidate.label} · ${candidate.stay} · ${candidate.total}` }))}
              value={String(cardIdx)}
              onChange={(value) => {
                setCardIdx(Number(value));
                setAvailability(null);
              }}
              allowDeselect={false}
            />
            <Group>
              <Button onClick={check} loading={pending}>
                {pending ? t('checking') : t('check')}
              </Button>
            </Group>
            {availability &&
              (availability.available && availability.resources.length > 0 ? (
                <Alert color="green" role="status" title={t('available', { count: availability.resources.length })} />
              ) : (
                <Alert color="orange" role="status" title={t('notAvailable')} />
              ))}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('stepResource')}>
          <Radio.Group label={t('chooseResource')} value={resourceId} onChange={setResourceId}>
            <Stack gap="xs" mt="xs">
              {availability?.resources.map((candidate) => <Radio key={candidate.id} value={candidate.id} label={candidate.name} />)}
            </Stack>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label={t('stepConfirm')}>
          <Paper withBorder p="md" radius="md">
            <Text fw={700}>{t('summary')}</Text>
            <Text>{card?.label}</Text>
            <Text size="sm">{card?.stay}</Text>
            <Text size="sm">
              {t('resource')}: {resource?.name ?? '—'}
            </Text>
            <Text fw={700} mt="xs">
              {card?.total}
            </Text>
          </Paper>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0 || pending}>
          {t('back')}
        </Button>
        {step < 2 ? (
          <Button
            onClick={() => setStep(step + 1)}
            disabled={!availability?.available || availability.resources.length === 0 || (step === 1 && !resourceId)}
          >
            {t('next')}
          </Button>
        ) : (
          <Button onClick={book} loading={pending} disabled={!resourceId}>
            {pending ? t('confirming') : t('confirm')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
