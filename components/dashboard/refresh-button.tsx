'use client';

import { Button, Group, Text } from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

type Props = {
  label: string;
  status: string;
  action: (input: Record<string, never>) => Promise<ActionResult<{ refreshedAt: string }>>;
};

/** "Aggiornato alle HH:MM" and the button that rebuilds the figures now. */
export function RefreshButton({ label, status, action }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    startTransition(async () => {
      const result = await action({});
      setError(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="dashboard-refreshed">
        {status}
      </Text>
      <Button size="xs" variant="light" onClick={refresh} loading={pending} data-testid="dashboard-refresh">
        {label}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
