import { Group, Paper, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { contactDisplayName } from '@/lib/contacts/display';
import { formatDate } from '@/lib/format';
import type { AnswerListRow } from '@/lib/surveys/answers-list';
import { ScoreBadge } from './score-badge';

/** One page of answers: the score, the guest (a link to the contact), the stay and both comments. */
export async function AnswerList({ rows }: { rows: AnswerListRow[] }) {
  const t = await getTranslations('surveys');
  if (!rows.length) return <Text c="dimmed">{t('answersEmpty')}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="answer-list">
      {rows.map((row) => (
        <Paper key={row.id} component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="answer-row">
          <Stack gap={4}>
            <Group gap="sm" wrap="wrap" justify="space-between">
              <Group gap="sm" wrap="wrap">
                <ScoreBadge score={row.score} />
                <LinkAnchor href={`/clienti/${encodeURIComponent(row.contactId)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {contactDisplayName(row)}
                </LinkAnchor>
              </Group>
              <Text size="sm" c="dimmed">
                {t('answeredOn', { date: formatDate(row.answeredAt) })}
              </Text>
            </Group>
            <Text size="sm">
              {t('stay')}: {[row.typologyName, row.arrival && row.departure ? t('stayDates', { arrival: formatDate(row.arrival), departure: formatDate(row.departure) }) : ''].filter(Boolean).join(' · ') || '—'}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {t('wentWell')}:
              </Text>{' '}
              {row.wentWell || t('noComment')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {t('toImprove')}:
              </Text>{' '}
              {row.toImprove || t('noComment')}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
