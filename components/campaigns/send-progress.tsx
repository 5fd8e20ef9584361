'use client';

import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useVisiblePoll } from '@/components/ui/use-visible-poll';
import type { ActionResult } from '@/lib/actions';
import { LIVE_STATUSES, type SendProgress } from '@/lib/campaigns/types';
import { formatNumber } from '@/lib/format';

type Control = (input: { campaignId: string }) => Promise<ActionResult<SendProgress>>;
type Props = { initial: SendProgress; poll: Control; pause: Control; resume: Control; cancel: Control };

const POLL_MS = 2000;
const isLive = (status: SendProgress['status']) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * Queued, sent, failed and skipped, polled every 2 seconds while the newsletter is on its way;
 * pause, resume and cancel. A new status reloads the page's data (its header badge, the stats).
 */
export function SendProgressPanel({ initial, poll, pause, resume, cancel }: Props) {
  const t = useTranslations('campaigns');
  const tq = useTranslations('quotes');
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const lastStatus = useRef(initial.status);

  // The page's fresh figures (after router.refresh) replace the polled ones.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setProgress(initial);
  }

  useVisiblePoll(
    async (signal) => {
      const answer = await poll({ campaignId: progress.campaignId });
      if (answer.ok && !signal.aborted) setProgress(answer.data);
    },
    { enabled: isLive(progress.status), firstCheckMs: POLL_MS, intervalMs: POLL_MS },
  );

  // A new status changes the buttons and, once the sending ends, the figures below: reload the page's data.
  useEffect(() => {
    if (lastStatus.current === progress.status) return;
    lastStatus.current = progress.status;
    router.refresh();
  }, [progress.status, router]);

  const run = (control: Control, done: string, after?: () => void) =>
    startTransition(async () => {
      const answer = await control({ campaignId: progress.campaignId });
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      setError(null);
      setProgress(answer.data);
      after?.();
      notifications.show({ color: 'teal', message: done });
    });

  const total = progress.recipients;
  const settled = progress.sent + progress.failed;
  const figures = [
    ['queued', progress.queued],
    ['sent', progress.sent],
    ['failed', progress.failed],
    ['skipped', progress.skipped],
  ] as const;
  const canPause = progress.status === 'sending' || progress.status === 'scheduled';
  const canCancel = ['sending', 'scheduled', 'paused', 'draft'].includes(progress.status);

  return (
    <Paper withBorder radius="md" p="md" data-testid="send-progress">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('progress.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="progress-recipients">
          {/* The list = the recipients + the skipped; a cancellation's skipped are named apart, not as unreachable guests. */}
          {progress.cancelled > 0
            ? t('progress.audienceCancelled', { total: total + progress.skipped, count: total, cancelled: progress.cancelled, skipped: progress.skipped - progress.cancelled })
            : progress.skipped > 0
              ? t('progress.audience', { total: total + progress.skipped, count: total, skipped: progress.skipped })
              : t('progress.recipients', { count: total })}
          {isLive(progress.status) ? ` · ${t('progress.live')}` : ''}
        </Text>
        <Progress
          value={total > 0 ? (settled / total) * 100 : 0}
          color="teal.8"
          size="lg"
          aria-label={t('progress.bar', { sent: formatNumber(progress.sent), total: formatNumber(total) })}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-live="polite">
          {figures.map(([key, value]) => (
            <div key={key} data-testid={`progress-${key}`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t(`progress.${key}`)}
              </Text>
              <Text fz={24} fw={700}>
                {formatNumber(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {(canPause || canCancel || progress.status === 'paused') && (
          <Group gap="sm">
            {canPause && (
              <Button variant="default" leftSection={<IconPlayerPause size={16} aria-hidden />} loading={pending} onClick={() => run(pause, t('controls.paused'))}>
                {t('controls.pause')}
              </Button>
            )}
            {progress.status === 'paused' && (
              <Button variant="default" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={pending} onClick={() => run(resume, t('controls.resumed'))}>
                {t('controls.resume')}
              </Button>
            )}
            {canCancel && (
              <Button color="red.8" leftSection={<IconX size={16} aria-hidden />} disabled={pending} onClick={() => setConfirming(true)}>
                {t('controls.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={confirming}
        title={t('controls.cancelTitle')}
        message={t('controls.cancelText')}
        error={confirming ? error : null}
        pending={pending}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => run(cancel, t('controls.cancelled'), () => setConfirming(false))}
      />
    </Paper>
  );
}
