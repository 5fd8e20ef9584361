'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { MemberState } from '@/lib/lists/members';

/** Outline badges in dark shades: readable on white and on the striped rows (axe colour contrast). */
const COLORS: Record<MemberState, string> = {
  attivo: 'green.9',
  disiscritto: 'orange.9',
  rimbalzato: 'red.9',
  spam: 'grape.9',
  'senza-email': 'gray.7',
};

export function MemberStateBadge({ state }: { state: MemberState }) {
  const t = useTranslations('lists');
  return (
    <Badge variant="outline" color={COLORS[state]} data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
