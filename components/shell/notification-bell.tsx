'use client';

import { ActionIcon, Box, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';

export type BellNotification = { id: string; title: string; description: string; createdAt: string };
export type BellData = { unread: number; latest: BellNotification[] };

/** The unread count comes from the database with the page; a glowing dot says something waits. */
export function NotificationBell({ unread, latest }: BellData) {
  const t = useTranslations('bell');
  const label = `${t('label')}: ${t('unread', { count: unread })}`;
  return (
    <Popover position="bottom-end" width="min(400px, 75vw)" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={18}
          color="red"
          disabled={unread === 0}
          offset={4}
          classNames={{ indicator: 'bell-dot' }}
        >
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="notification-bell" data-unread={unread}>
            <IconBell size={22} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} mb="xs">
          {t('unread', { count: unread })}
        </Text>
        {latest.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('latest')}>
            {latest.map((item) => (
              <Box component="li" key={item.id}>
                <Text size="sm" fw={500}>
                  {item.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.description} · {item.createdAt}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
