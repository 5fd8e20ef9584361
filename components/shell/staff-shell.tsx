'use client';

import { ActionIcon, AppShell, Group, Text, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { RecentQuotesDrawer } from '@/components/quotes/recent-quotes-drawer';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import { DesktopNav } from './desktop-nav';
import { LogoutForm } from './logout-form';
import { MailUnreadBadge } from './mail-unread/mail-unread-badge';
import { MailUnreadLink } from './mail-unread/mail-unread-link';
import { useMailUnread } from './mail-unread/use-mail-unread';
import { MobileNav } from './mobile-nav';
import type { NavItem, SettingsSection } from './navigation';
import { NotificationBell } from './notifications/notification-bell';
import type { BellData } from './notifications/types';
import type { ShellFollowUps } from '@/components/follow-ups/follow-up-bell';
import { SettingsMenu } from './settings-menu';
import { UpdatePopup } from './updates/update-popup';

type Props = {
  campsiteName: string;
  navigation: NavItem[];
  settings: SettingsSection[];
  homeHref: string;
  bell: BellData | null;
  /** My follow-ups coming due, beside the bell (same pack level). */
  followUps?: ShellFollowUps | null;
  /** Unread mails of the campsite's mailbox; null when none is bound (no badge, no poll). */
  mailUnread?: number | null;
  /** The "Preventivi recenti" drawer: only for accounts that may open quotes (pack level 10). */
  recentQuotes?: boolean;
  helpHref: string;
  footer: ReactNode;
  children: ReactNode;
};

export function StaffShell({ campsiteName, homeHref, navigation, settings, bell, followUps = null, mailUnread = null, recentQuotes = false, helpHref, footer, children }: Props) {
  const t = useTranslations('nav');
  const unread = useMailUnread(mailUnread);
  const badges = { '/mail': <MailUnreadBadge count={unread} /> };
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a className="skip-link" href="#contenuto">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <MobileNav items={navigation} settings={settings} campsiteName={campsiteName} badges={badges} unread={unread} />
            <Link href={homeHref} aria-label={t('home')} style={{ display: 'flex' }}>
              <BrandMark size={32} />
            </Link>
            <DesktopNav items={navigation} badges={badges} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" truncate maw={{ base: 140, sm: 260 }} title={campsiteName} data-testid="campsite-name">
              {campsiteName}
            </Text>
            {recentQuotes && <RecentQuotesDrawer />}
            <MailUnreadLink count={unread} />
            {bell && <NotificationBell initial={bell} followUps={followUps} />}
            <Tooltip label={t('helpTitle')}>
              <ActionIcon component="a" href={helpHref} variant="subtle" color="gray" size="lg" aria-label={t('help')} visibleFrom="sm">
                <IconHelpCircle size={22} />
              </ActionIcon>
            </Tooltip>
            <SettingsMenu sections={settings} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* break-word: a guest's long e-mail address wraps at the edge instead of widening a phone's page. */}
      <AppShell.Main id="contenuto" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', overflowWrap: 'break-word' }}>
        <div style={{ flex: 1 }}>{children}</div>
        {footer}
      </AppShell.Main>
      <LogoutForm />
      {/* Product updates need pack level 10 like the bell (spec section 6): no bell, no popup. */}
      {bell && <UpdatePopup />}
    </AppShell>
  );
}
