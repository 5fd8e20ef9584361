'use client';

import { Burger, Divider, Drawer, Indicator, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LOGOUT_FORM_ID } from './logout-form';
import { isActive, type NavItem, type SettingsSection } from './navigation';
import { useNavHandler } from './use-nav-handler';

/** The sliding menu of small screens; Mantine's Drawer locks the page scroll while it is open. */
export function MobileNav({
  items,
  settings,
  campsiteName,
  badges = {},
  unread = null,
}: {
  items: NavItem[];
  settings: SettingsSection[];
  campsiteName: string;
  badges?: Partial<Record<string, ReactNode>>;
  /** Unread mails: a dot on the closed menu button, since the Mail entry's badge hides in the drawer. */
  unread?: number | null;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const t = useTranslations('nav');
  const ts = useTranslations('settingsMenu');
  const pathname = usePathname();
  const onNavigate = useNavHandler(close);
  return (
    <>
      <Indicator disabled={!unread || opened} color="red.9" size={10} offset={4} hiddenFrom="md" data-testid="menu-unread-dot">
        <Burger
          opened={opened}
          onClick={toggle}
          size="sm"
          aria-label={opened ? t('closeMenu') : unread ? t('openMenuUnread', { count: unread }) : t('openMenu')}
        />
      </Indicator>
      <Drawer opened={opened} onClose={close} title={campsiteName} size="80%" hiddenFrom="md" lockScroll closeButtonProps={{ 'aria-label': t('closeMenu') }}>
        <Stack gap={0} component="nav" aria-label={t('mainNavigation')}>
          {items.map((item) => (
            <div key={item.href}>
              <NavLink component={Link} href={item.href} label={
                  <>
                    {t(item.labelKey)}
                    {badges[item.href]}
                  </>
                }
                active={isActive(pathname, item.href)} onClick={close} />
              {item.children?.map((child) => (
                <NavLink key={child.href} component={Link} href={child.href} label={t(child.labelKey)} pl="xl" onClick={onNavigate(child.href)} />
              ))}
            </div>
          ))}
          <Divider my="sm" label={ts('label')} labelPosition="left" />
          {settings.flatMap((section) =>
            section.entries.map((entry) => (
              <NavLink key={`${section.labelKey}-${entry.labelKey}`} component={Link} href={entry.href} label={ts(entry.labelKey)} onClick={close} />
            )),
          )}
          <NavLink component="button" type="submit" form={LOGOUT_FORM_ID} label={ts('logout')} c="red" leftSection={<IconLogout size={16} />} />
        </Stack>
      </Drawer>
    </>
  );
}
