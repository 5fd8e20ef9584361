'use client';

import { SegmentedControl } from '@mantine/core';
import { useRouter } from 'next/navigation';

/** 'Da gestire' or 'Tutte': the list's view, kept in the URL. */
export function RequestScope({ value, labels }: { value: 'open' | 'all'; labels: { open: string; all: string } }) {
  const router = useRouter();
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => router.push(next === 'all' ? '/richieste?vista=tutte' : '/richieste')}
      data={[
        { value: 'open', label: labels.open },
        { value: 'all', label: labels.all },
      ]}
    />
  );
}
