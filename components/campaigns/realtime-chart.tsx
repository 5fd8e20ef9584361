'use client';

import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { bucketLabel, fromRomeClock, toRomeClock } from '@/lib/campaigns/rome-time';
import type { ActionResult } from '@/lib/actions';
import { SERIES_KINDS, type RealtimeMode, type RealtimeSeries } from '@/lib/campaigns/types';

type Load = (input: { campaignId: string; mode: RealtimeMode; from: string; to: string }) => Promise<ActionResult<RealtimeSeries>>;
type Props = { campaignId: string; initial: RealtimeSeries; load: Load };

const COLORS: Record<(typeof SERIES_KINDS)[number], string> = {
  delivered: 'teal.8',
  open: 'blue.8',
  click: 'grape.8',
  bounce: 'orange.9',
  spam: 'red.8',
  delayed: 'yellow.9',
  unsub: 'gray.8',
};

/** Events over time, per day (at most 100 days) or per five minutes (at most 8 hours); a longer period shows the spec's message. */
export function RealtimeChart({ campaignId, initial, load }: Props) {
  const t = useTranslations('campaigns');
  const [mode, setMode] = useState<RealtimeMode>(initial.mode);
  const [from, setFrom] = useState<string | null>(toRomeClock(initial.from));
  const [to, setTo] = useState<string | null>(toRomeClock(initial.to));
  const [series, setSeries] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const show = (nextMode: RealtimeMode) =>
    startTransition(async () => {
      if (!from || !to) return;
      const answer = await load({ campaignId, mode: nextMode, from: fromRomeClock(from).toISOString(), to: fromRomeClock(to).toISOString() });
      if (answer.ok) {
        setSeries(answer.data);
        setError(null);
      } else setError(answer.error);
    });

  const names = Object.fromEntries(SERIES_KINDS.map((kind) => [kind, t(`kinds.${kind}`)]));
  const data = series.buckets.map((bucket) => ({ at: bucketLabel(bucket.at), ...Object.fromEntries(SERIES_KINDS.map((kind) => [names[kind], bucket[kind]])) }));
  const empty = series.buckets.every((bucket) => SERIES_KINDS.every((kind) => bucket[kind] === 0));

  return (
    <Paper withBorder radius="md" p="md" data-testid="realtime">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('realtime.title')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4} id="realtime-mode">
              {t('realtime.mode')}
            </Text>
            <SegmentedControl
              aria-labelledby="realtime-mode"
              value={mode}
              onChange={(value) => {
                setMode(value as RealtimeMode);
                show(value as RealtimeMode);
              }}
              data={[
                { value: 'day', label: t('realtime.day') },
                { value: '5min', label: t('realtime.fiveMinutes') },
              ]}
            />
          </div>
          <DateTimePicker label={t('realtime.from')} value={from} onChange={setFrom} valueFormat="DD/MM/YYYY HH:mm" w={{ base: '100%', xs: 190 }} />
          <DateTimePicker label={t('realtime.to')} value={to} onChange={setTo} valueFormat="DD/MM/YYYY HH:mm" w={{ base: '100%', xs: 190 }} />
          <Button variant="default" onClick={() => show(mode)} loading={pending}>
            {t('realtime.show')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('realtime.limits')}
        </Text>
        {error && (
          <Alert color="red" role="alert" data-testid="realtime-error">
            {error}
          </Alert>
        )}
        {empty ? (
          <Text c="dimmed">{t('realtime.empty')}</Text>
        ) : (
          <div role="img" aria-label={t('realtime.chart')}>
            <LineChart
              h={280}
              data={data}
              dataKey="at"
              curveType="linear"
              series={SERIES_KINDS.map((kind) => ({ name: names[kind], color: COLORS[kind] }))}
              withLegend
              withTooltip
              tickLine="y"
              gridAxis="y"
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
