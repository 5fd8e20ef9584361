'use client';

import { Box, Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconEye, IconInbox, IconMessageReply, IconMessageQuestion, IconMoodSad } from '@tabler/icons-react';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { formatDateTime } from '@/lib/format';
import classes from './notifications.module.css';
import type { BellItem } from './types';

const LOOK = {
  richiesta: { icon: IconInbox, color: 'blue' },
  preventivo: { icon: IconEye, color: 'gray' },
  accettazione: { icon: IconCircleCheck, color: 'teal' },
  domanda: { icon: IconMessageQuestion, color: 'orange' },
  risposta: { icon: IconMessageReply, color: 'violet' },
  opinione: { icon: IconMoodSad, color: 'red' },
} as const;

type Props = { item: BellItem; onOpen: (item: BellItem, event: MouseEvent<HTMLElement>) => void };

/** One row of the panel: a link to its target (or a button when the quote is gone), bold and dotted while unread. */
export function NotificationItem({ item, onOpen }: Props) {
  const t = useTranslations('bell');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const { icon: Icon, color } = LOOK[item.group];
  const at = new Date(item.createdAt);
  const link = item.href ? { component: 'a' as const, href: item.href } : { component: 'button' as const, type: 'button' as const };
  return (
    <Box component="li" data-testid="notification-item" data-read={item.read} data-group={item.group}>
      <UnstyledButton {...link} onClick={(event: MouseEvent<HTMLElement>) => onOpen(item, event)} className={`${classes.row} ${item.read ? '' : classes.unread}`} p="sm" w="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={color} radius="xl" size="md" aria-hidden>
            <Icon size={16} />
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={item.read ? 500 : 700} lineClamp={2}>
                <VisuallyHidden>{t(`groups.${item.group}`)}: </VisuallyHidden>
                {item.title}
              </Text>
              {!item.read && (
                <Box component="span" className={classes.dot} title={t('unreadMarker')}>
                  <VisuallyHidden>{t('unreadMarker')}</VisuallyHidden>
                </Box>
              )}
            </Group>
            <Text size="xs" c={item.read ? 'dimmed' : undefined} lineClamp={2}>
              {item.description}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt} display="block" mt={2}>
              {format.relativeTime(at, now)} · {formatDateTime(at)}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
    </Box>
  );
}
