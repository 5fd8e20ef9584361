'use client';

import { ActionIcon, Anchor, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { FollowUpView } from '@/lib/follow-ups/view';
import { formatWhen } from './events';
import { FollowUpActions, type StaffUser } from './follow-up-actions';
import { useDueFollowUps } from './use-due-follow-ups';

export type ShellFollowUps = { items: FollowUpView[]; users: StaffUser[]; meId: string };

/** Beside the bell: how many of my follow-ups are due, and the list with «Fatto» and «Rimanda». */
export function FollowUpBell({ initial, onDue }: { initial: ShellFollowUps; onDue: (count: number) => void }) {
  const t = useTranslations('followUps');
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const { due, remove } = useDueFollowUps(initial.items);
  useEffect(() => onDue(due.length), [due.length, onDue]);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal returnFocus trapFocus width="min(360px, calc(100vw - 16px))">
      <Indicator label={<span aria-hidden>{due.length > 99 ? '99+' : due.length}</span>} size={18} color="orange" disabled={due.length === 0} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${t('bellLabel')}: ${t('bellCount', { count: due.length })}`}
            data-testid="follow-up-bell"
            data-due={due.length}
            onClick={() => setOpened((open) => !open)}
          >
            <IconAlarm size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-labelledby={titleId} data-testid="follow-up-panel">
        <Stack gap="sm">
          <Title order={2} size="h5" id={titleId} tabIndex={-1}>
            {t('bellTitle')}
          </Title>
          {due.length === 0 && <Text size="sm">{t('bellEmpty')}</Text>}
          {due.map((item) => (
            <Stack key={item.id} gap={4} data-testid="follow-up-item">
              {item.href ? (
                <Anchor href={item.href} size="sm" fw={600} onClick={() => setOpened(false)}>
                  {item.label}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {item.label}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatWhen(item.dueAt)}
                {item.note ? ` · ${item.note}` : ''}
              </Text>
              <FollowUpActions id={item.id} users={initial.users} assigneeId={item.assigneeId} onChanged={remove} />
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
