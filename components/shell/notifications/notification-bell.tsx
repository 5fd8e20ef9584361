'use client';

import { ActionIcon, getDefaultZIndex, Indicator, Popover, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type MouseEvent } from 'react';
import { FollowUpBell, type ShellFollowUps } from '@/components/follow-ups/follow-up-bell';
import { markAllNotificationsReadAction, markNotificationReadAction, markNotificationsReadAction } from '@/app/(staff)/notifiche/actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { NotificationPanel } from './notification-panel';
import classes from './notifications.module.css';
import type { BellData, BellItem } from './types';
import { useBellState } from './use-bell-state';
import { useTabTitle } from './use-tab-title';

type Confirm = 'visible' | 'all';

/** The top bar's bell: unread count with a glowing dot, and the panel it opens (spec section 2). */
export function NotificationBell({ initial, followUps = null }: { initial: BellData; followUps?: ShellFollowUps | null }) {
  const t = useTranslations('bell');
  const tq = useTranslations('quotes');
  const router = useRouter();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>('visible');
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const bell = useBellState(initial, opened);
  const { status, page } = bell;
  // Due follow-ups wait for me like a request does: they count in the title with the warning sign.
  const [due, setDue] = useState(0);
  useTabTitle(status.unread + due, status.outstanding + due);

  const openItem = (item: BellItem, event: MouseEvent<HTMLElement>) => {
    // Ctrl/Cmd/Shift click keeps the browser's own handling (a new tab or window); it still counts as read.
    const ownTab = !(event.metaKey || event.ctrlKey || event.shiftKey);
    if (ownTab || !item.href) event.preventDefault();
    if (ownTab) setOpened(false);
    startTransition(async () => {
      if (!item.read) {
        const answer = await markNotificationReadAction({ id: item.id });
        if (answer.ok) bell.markedRead([item.id], answer.data);
      }
      if (!item.href) toasts.show({ color: 'orange', message: t('noTarget'), autoClose: 3000 });
      else if (ownTab) router.push(item.href);
    });
  };

  const ask = (which: Confirm) => {
    setActionError(null);
    setConfirm(which);
    setConfirming(true);
  };
  const confirmMark = () =>
    startTransition(async () => {
      const ids = confirm === 'all' ? page.items.map((item) => item.id) : page.items.filter((item) => !item.read).map((item) => item.id);
      const answer = confirm === 'all' ? await markAllNotificationsReadAction({}) : await markNotificationsReadAction({ ids });
      if (!answer.ok) return setActionError(answer.error);
      bell.markedRead(ids, answer.data);
      toasts.show({ color: 'teal', message: t(confirm === 'all' ? 'markedAll' : 'markedVisible'), autoClose: 3000 });
      setConfirming(false);
    });

  const label = `${t('label')}: ${t('unread', { count: status.unread })}`;
  return (
    <>
      {followUps && <FollowUpBell initial={followUps} onDue={setDue} />}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        withinPortal
        returnFocus
        // While the confirmation is up, the panel stays open under its overlay (a modal sits below a
        // popover by default) and leaves it the focus.
        zIndex={confirming ? getDefaultZIndex('modal') - 1 : getDefaultZIndex('popover')}
        trapFocus={!confirming}
        closeOnClickOutside={!confirming}
        closeOnEscape={!confirming}
        width="var(--notification-panel-width)"
        classNames={{ dropdown: classes.dropdown }}
      >
        <Indicator
          label={<span aria-hidden>{status.unread > 99 ? '99+' : status.unread}</span>}
          size={18}
          color="red"
          disabled={status.unread === 0}
          offset={4}
          classNames={{ indicator: 'bell-dot' }}
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              data-testid="notification-bell"
              data-unread={status.unread}
              onClick={() => setOpened((open) => !open)}
            >
              <IconBell size={22} aria-hidden />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown aria-labelledby={titleId} data-testid="notification-panel">
          <NotificationPanel
            titleId={titleId}
            status={status}
            page={page}
            loading={bell.loading}
            error={bell.error}
            onPage={bell.goTo}
            onOpen={openItem}
            onMarkVisible={() => ask('visible')}
            onMarkAll={() => ask('all')}
          />
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden aria-live="polite">{bell.announcement}</VisuallyHidden>
      <ConfirmModal
        confirmLabel={tq('confirm')}
        cancelLabel={tq('cancel')}
        opened={confirming}
        title={t(confirm === 'all' ? 'markAll' : 'markVisible')}
        message={t(confirm === 'all' ? 'markAllConfirm' : 'markVisibleConfirm')}
        error={actionError}
        pending={pending}
        onConfirm={confirmMark}
        onClose={() => setConfirming(false)}
        // «Segna tutte come lette» is gone once nothing is unread: the focus it would return to stays in the panel, so Escape still closes it.
        onClosed={() => {
          if (!document.activeElement || document.activeElement === document.body) document.getElementById(titleId)?.focus();
        }}
      />
    </>
  );
}
