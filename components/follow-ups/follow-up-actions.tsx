'use client';

import { Button, Group, Menu } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconClockPause, IconUserShare } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { completeFollowUpAction, reassignFollowUpAction, snoozeFollowUpAction } from '@/app/(staff)/promemoria/actions';
import { SNOOZES, type Snooze } from '@/lib/follow-ups/validation';
import { announceFollowUpsChanged, formatWhen } from './events';

export type StaffUser = { id: string; name: string };

const SNOOZE_KEYS: Record<Snooze, 'snooze1g' | 'snooze3g' | 'snoozeSettimana'> = { '1g': 'snooze1g', '3g': 'snooze3g', settimana: 'snoozeSettimana' };

/** «Fatto», «Rimanda» and «Riassegna», one click each, for one follow-up. */
export function FollowUpActions({ id, users, assigneeId, onChanged }: { id: string; users: StaffUser[]; assigneeId: string; onChanged?: (id: string) => void }) {
  const t = useTranslations('followUps');
  const router = useRouter();
  const [pending, start] = useTransition();
  const run = (work: () => Promise<{ ok: true; message: string } | { ok: false; error: string }>) =>
    start(async () => {
      const answer = await work();
      if (!answer.ok) {
        toasts.show({ color: 'red', message: answer.error });
        return;
      }
      toasts.show({ color: 'teal', message: answer.message, autoClose: 3000 });
      onChanged?.(id);
      announceFollowUpsChanged();
      router.refresh();
    });
  const done = () => run(async () => {
    const answer = await completeFollowUpAction({ id });
    return answer.ok ? { ok: true, message: t('doneToast') } : answer;
  });
  const snooze = (by: Snooze) => run(async () => {
    const answer = await snoozeFollowUpAction({ id, by });
    return answer.ok ? { ok: true, message: t('snoozedToast', { when: formatWhen(new Date(answer.data.dueAt).toISOString()) }) } : answer;
  });
  const reassign = (user: StaffUser) => run(async () => {
    const answer = await reassignFollowUpAction({ id, assigneeId: user.id });
    return answer.ok ? { ok: true, message: t('reassignedToast', { name: user.name }) } : answer;
  });
  const others = users.filter((user) => user.id !== assigneeId);
  return (
    <Group gap={6} wrap="wrap">
      <Button size="compact-sm" color="teal" leftSection={<IconCheck size={14} aria-hidden />} onClick={done} loading={pending} data-testid="follow-up-done">
        {t('done')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="default" disabled={pending} leftSection={<IconClockPause size={14} aria-hidden />} rightSection={<IconChevronDown size={12} aria-hidden />}>
            {t('snooze')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {SNOOZES.map((by) => (
            <Menu.Item key={by} onClick={() => snooze(by)}>
              {t(SNOOZE_KEYS[by])}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {others.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="default" disabled={pending} leftSection={<IconUserShare size={14} aria-hidden />} rightSection={<IconChevronDown size={12} aria-hidden />}>
              {t('reassign')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {others.map((user) => (
              <Menu.Item key={user.id} onClick={() => reassign(user)}>
                {user.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
