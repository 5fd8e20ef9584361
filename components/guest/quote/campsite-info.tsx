import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CampsiteContacts, OpeningHours, TimeRange } from '@/lib/campsites/shapes';
import type { guestTranslator } from '@/lib/i18n/guest-translator';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];
type Props = { contacts: CampsiteContacts | null; hours: OpeningHours; t: Translate };

/** How to reach the campsite and when: its contacts and opening hours, as saved in its settings. */
export function CampsiteInfo({ contacts, hours, t }: Props) {
  const ranges = (list: TimeRange[]) => list.map((range) => t('hours.range', { from: range.from, to: range.to })).join(', ');
  const reachable = Boolean(contacts?.phone || contacts?.email);
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: reachable ? 2 : 1 }} spacing="lg">
        {reachable && contacts && (
          <div>
            <Text fw={600} mb={4}>
              {t('contact')}
            </Text>
            <Group gap="lg">
              {contacts.phone && <Anchor href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{t('phone')}: {contacts.phone}</Anchor>}
              {contacts.email && <Anchor href={`mailto:${contacts.email}`}>{t('email')}: {contacts.email}</Anchor>}
            </Group>
          </div>
        )}
        <Stack gap={2} component="section" aria-label={t('hours.title')} data-testid="guest-hours">
          <Text fw={600} mb={2}>
            {t('hours.title')}
          </Text>
          <Text size="sm">{t('hours.reception', { time: hours.baseTime })}</Text>
          <Text size="sm">
            {t('hours.checkin')}: {ranges(hours.checkin)}
          </Text>
          <Text size="sm">
            {t('hours.checkout')}: {ranges(hours.checkout)}
          </Text>
          {hours.notes && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {hours.notes}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
