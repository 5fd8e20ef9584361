'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { MemberState } from '@/lib/lists/members';

/**
 * Outline badges in dark tones, at least 4.5:1 on white and on the striped rows (axe colour
 * contrast): Mantine's green.9 and orange.9 fall short for the badges' small bold text.
 */
const COLORS: Record<MemberState, string> = {
  attivo: '#1e6631',
  disiscritto: '#8f3a06',
  rimbalzato: '#a61e1e',
  spam: '#6b2480',
  'senza-email': '#495057',
};

export function MemberStateBadge({ state }: { state: MemberState }) {
  const t = useTranslations('lists');
  return (
    <Badge variant="outline" color={COLORS[state]} data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
