import { Group, Paper, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LabelValueTable } from '@/components/ui/label-value-table';
import { partyText, type LastStay } from '@/lib/quotes/returning-guests';
import { stayDates } from './returning-badge';

/** "Ultimo soggiorno" on a returning guest's request: dates, nights, accommodation, unit, party. */
export async function LastStaySection({ stay, action }: { stay: LastStay; action?: React.ReactNode }) {
  const t = await getTranslations('returningGuests');
  const rows = [
    { label: t('dates'), value: stayDates(stay) },
    { label: t('nights'), value: stay.nights === null ? '—' : String(stay.nights) },
    { label: t('accommodation'), value: stay.typologyName || '—' },
    ...(stay.resources.length ? [{ label: t('pitch'), value: stay.resources.map((resource) => resource.label).join(', ') }] : []),
    { label: t('party'), value: partyText(stay.people) || '—' },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('lastStay')} data-testid="last-stay">
      <Group justify="space-between" align="flex-start" mb="xs" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('lastStay')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('badge')} · {t('lastStayHint', { year: stay.year })}
          </Text>
        </div>
        {action}
      </Group>
      <LabelValueTable rows={rows} />
    </Paper>
  );
}
