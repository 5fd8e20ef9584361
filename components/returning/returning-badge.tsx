import { Badge, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';
import type { LastStay } from '@/lib/quotes/returning-guests';

const italian = (iso: string) => iso.split('-').reverse().join('/');

/** "dd/mm/yyyy – dd/mm/yyyy", or the season alone when the booking had no dates. */
export const stayDates = (stay: LastStay) => (stay.arrival && stay.departure ? `${italian(stay.arrival)} – ${italian(stay.departure)}` : String(stay.year));

/**
 * The list's marker of a returning guest. The last stay is a visible line under the badge, not a
 * hover-only tooltip, so a keyboard, a screen reader and a phone read it too.
 */
export async function ReturningBadge({ stay }: { stay: LastStay | undefined }) {
  if (!stay) return null;
  const t = await getTranslations('returningGuests');
  const accommodation = [stay.typologyName, ...stay.resources.map((resource) => resource.label)].filter(Boolean).join(', ') || '—';
  return (
    <Stack gap={2} mt={4} data-testid="returning-badge">
      <Badge size="sm" variant="light" color="teal" leftSection={<IconRepeat size={12} aria-hidden />} w="fit-content">
        {t('badge')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('lastStayShort', { dates: stayDates(stay), accommodation })}
      </Text>
    </Stack>
  );
}
