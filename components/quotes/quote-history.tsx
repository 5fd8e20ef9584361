import { Text, Timeline, TimelineItem } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import type { QuoteDetail } from '@/lib/quotes/detail';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';

/** Every progress change: who, when and from what (newest first). */
export async function QuoteHistory({ events }: { events: QuoteDetail['events'] }) {
  const t = await getTranslations('quotes.detail');
  const tp = await getTranslations('progress');
  if (events.length === 0) return <Text c="dimmed">{t('historyEmpty')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={0}>
      {events.map((event) => (
        <TimelineItem
          key={event.id}
          title={event.from ? `${tp(event.from as QuoteProgress)} → ${tp(event.to as QuoteProgress)}` : `${t('created')}: ${tp(event.to as QuoteProgress)}`}
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(event.at)} · {event.userName ?? t(`actor.${event.actor}`)}
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
        </TimelineItem>
      ))}
    </Timeline>
  );
}
