'use client';

import { Select } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { assignQuoteAction } from '@/app/(staff)/preventivi/assignee-actions';

const NOBODY = '';

/** «In carico a»: the quote's (or request's) owner among the campsite's staff, or nobody. */
export function AssigneeSelect({ quoteId, assigneeId, users }: { quoteId: string; assigneeId: string | null; users: { id: string; name: string }[] }) {
  const t = useTranslations('followUps');
  const router = useRouter();
  const [value, setValue] = useState(assigneeId ?? NOBODY);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const change = (next: string | null) => {
    const chosen = next ?? NOBODY;
    const before = value;
    setValue(chosen);
    setError(null);
    start(async () => {
      const answer = await assignQuoteAction({ quoteId, userId: chosen || null });
      if (!answer.ok) {
        setValue(before);
        setError(answer.fieldErrors?.userId ?? answer.error);
        return;
      }
      const name = users.find((user) => user.id === chosen)?.name;
      toasts.show({ color: 'teal', message: name ? t('assigned', { name }) : t('unassigned'), autoClose: 3000 });
      router.refresh();
    });
  };
  return (
    <Select
      label={t('assignee')}
      data={[{ value: NOBODY, label: t('nobody') }, ...users.map((user) => ({ value: user.id, label: user.name }))]}
      value={value}
      onChange={change}
      allowDeselect={false}
      disabled={pending}
      error={error}
      w={{ base: '100%', xs: 240 }}
      data-testid="assignee-select"
    />
  );
}
