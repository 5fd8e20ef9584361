'use client';

import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { acceptSuggestionAction, dismissSuggestionAction } from '@/app/(staff)/promemoria/actions';
import type { FollowUpView } from '@/lib/follow-ups/view';
import type { FollowUpSuggestion } from '@/lib/vocabulary/follow-ups';
import { announceFollowUpsChanged, formatHour } from './events';
import { FollowUpActions, type StaffUser } from './follow-up-actions';

export type SuggestionView = { quoteId: string; suggestion: FollowUpSuggestion; label: string; since: string; href: string };
type Props = { items: (FollowUpView & { daysLate: number; overdue: boolean })[]; suggestions: SuggestionView[]; users: StaffUser[] };

const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The dashboard's «Da fare oggi»: my follow-ups due today or late (late in red), and the CRM's suggestions below. */
export function TodayPanel({ items, suggestions, users }: Props) {
  const t = useTranslations('followUps');
  const router = useRouter();
  const [pending, start] = useTransition();
  const settle = (item: SuggestionView, accept: boolean) =>
    start(async () => {
      const answer = await (accept ? acceptSuggestionAction : dismissSuggestionAction)({ quoteId: item.quoteId, suggestion: item.suggestion });
      if (!answer.ok) return void toasts.show({ color: 'red', message: answer.error });
      toasts.show({ color: 'teal', message: t(accept ? 'accepted' : 'dismissed'), autoClose: 3000 });
      announceFollowUpsChanged();
      router.refresh();
    });
  return (
    <Paper withBorder p="md" radius="md" data-testid="today-panel">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('todayTitle')}
        </Title>
        {items.length === 0 && <Text c="dimmed">{t('todayEmpty')}</Text>}
        {items.map((item) => (
          <Group key={item.id} justify="space-between" align="flex-start" gap="xs" data-testid="today-item">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              {item.href ? (
                <Anchor href={item.href} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.label}
                </Anchor>
              ) : (
                <Text fw={600}>{item.label}</Text>
              )}
              <Group gap="xs">
                {item.overdue ? (
                  <Badge color="red" variant="light">
                    {t('overdue', { days: item.daysLate })}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('dueAt', { time: formatHour(item.dueAt) })}
                  </Text>
                )}
                {item.note && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.note}
                  </Text>
                )}
              </Group>
            </Stack>
            <FollowUpActions id={item.id} users={users} assigneeId={item.assigneeId} />
          </Group>
        ))}
        <Title order={3} size="h5">
          {t('suggestedTitle')}
        </Title>
        {suggestions.length === 0 && <Text c="dimmed">{t('suggestedEmpty')}</Text>}
        {suggestions.map((item) => (
          <Group key={`${item.quoteId}-${item.suggestion}`} justify="space-between" align="flex-start" gap="xs" data-testid="suggestion-item">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Anchor href={item.href} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`suggestion.${item.suggestion}`, { date: day.format(new Date(item.since)) })}
              </Text>
            </Stack>
            <Group gap={6}>
              <Button size="compact-sm" onClick={() => settle(item, true)} loading={pending}>
                {t('accept')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => settle(item, false)} disabled={pending}>
                {t('dismiss')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
