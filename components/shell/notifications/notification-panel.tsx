'use client';

import { ActionIcon, Alert, Box, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';
import { BELL_PAGE_SIZE as PAGE_SIZE, type BellItem, type BellPage, type BellStatus } from './types';

type Props = {
  titleId: string;
  status: BellStatus;
  page: BellPage;
  loading: boolean;
  error: string | null;
  onPage: (index: number) => void;
  onOpen: (item: BellItem, event: MouseEvent<HTMLElement>) => void;
  onMarkVisible: () => void;
  onMarkAll: () => void;
};

/** The panel's content: counts, five notifications, paging and the two ways to mark them read. */
export function NotificationPanel({ titleId, status, page, loading, error, onPage, onOpen, onMarkVisible, onMarkAll }: Props) {
  const t = useTranslations('bell');
  const from = page.index * PAGE_SIZE + 1;
  const to = page.index * PAGE_SIZE + page.items.length;
  const lastIndex = Math.max(0, Math.ceil(page.count / PAGE_SIZE) - 1);
  const visibleUnread = page.items.some((item) => !item.read);
  return (
    <>
      <Group className={classes.section} justify="space-between" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0 }}>
          <Text id={titleId} fw={700} tabIndex={-1} style={{ outline: 'none' }}>
            {t('label')}
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('unread', { count: status.unread })}
          </Text>
        </Box>
        <Group gap={4} wrap="nowrap">
          {loading && <Loader size="xs" aria-hidden />}
          {status.unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={onMarkAll}>
              {t('markAll')}
            </Button>
          )}
        </Group>
      </Group>
      {status.outstanding > 0 && (
        <Group className={classes.section} gap={6} wrap="nowrap" bg="yellow.0">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="xs">{t('outstanding', { count: status.outstanding })}</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" radius={0} p="xs" role="alert">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      {page.items.length === 0 ? (
        <Stack className={classes.section} align="center" gap="xs" py="lg">
          <ThemeIcon variant="light" color="gray" radius="xl" size="lg" aria-hidden>
            <IconBellOff size={18} />
          </ThemeIcon>
          <Text c="dimmed" size="sm" ta="center">
            {t('empty')}
          </Text>
        </Stack>
      ) : (
        <ul className={classes.list} aria-label={t('latest')} aria-busy={loading}>
          {page.items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {page.count > 0 && (
        <Group className={classes.section} justify="space-between" gap="xs">
          <Group gap={2} wrap="nowrap">
            {page.count > PAGE_SIZE && (
              <ActionIcon variant="subtle" color="gray" aria-label={t('previous')} disabled={loading || page.index === 0} onClick={() => onPage(page.index - 1)}>
                <IconChevronLeft size={18} />
              </ActionIcon>
            )}
            <Text size="xs" c="dimmed" px={4} style={{ whiteSpace: 'nowrap' }}>
              {t('range', { from: page.items.length ? from : 0, to, count: page.count })}
            </Text>
            {page.count > PAGE_SIZE && (
              <ActionIcon variant="subtle" color="gray" aria-label={t('next')} disabled={loading || page.index >= lastIndex} onClick={() => onPage(page.index + 1)}>
                <IconChevronRight size={18} />
              </ActionIcon>
            )}
          </Group>
          <Button size="compact-sm" variant="light" ml="auto" onClick={onMarkVisible} disabled={!visibleUnread}>
            {t('markVisible')}
          </Button>
        </Group>
      )}
    </>
  );
}
