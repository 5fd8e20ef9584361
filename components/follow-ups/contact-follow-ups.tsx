import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { FollowUpView } from '@/lib/follow-ups/view';
import { formatWhen } from './events';
import { FollowUpActions, type StaffUser } from './follow-up-actions';
import { RemindButton } from './remind-button';

type Props = { contactId: string; items: FollowUpView[]; users: StaffUser[]; meId: string };

/** The contact page's «Promemoria»: open and done follow-ups on the guest and the guest's quotes. */
export async function ContactFollowUpsSection({ contactId, items, users, meId }: Props) {
  const t = await getTranslations('followUps');
  return (
    <Paper withBorder p="md" radius="md" data-testid="contact-follow-ups">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('historyTitle')}
          </Title>
          <RemindButton subject="contact" targetId={contactId} users={users} meId={meId} />
        </Group>
        {items.length === 0 && <Text c="dimmed">{t('historyEmpty')}</Text>}
        {items.map((item) => (
          <Group key={item.id} justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              {item.quoteId && item.href ? <Anchor href={item.href} size="sm" fw={600}>{item.label}</Anchor> : null}
              <Group gap="xs">
                {item.doneAt ? (
                  <Badge color="teal" variant="light">
                    {t('historyDone', { date: formatWhen(item.doneAt) })}
                  </Badge>
                ) : (
                  <Text size="sm">{t('historyOpen', { date: formatWhen(item.dueAt), name: item.assigneeName })}</Text>
                )}
              </Group>
              {item.note && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.note}
                </Text>
              )}
            </Stack>
            {!item.doneAt && <FollowUpActions id={item.id} users={users} assigneeId={item.assigneeId} />}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
