'use client';

import { Burger, Divider, Drawer, NavLink, Stack } from '@mantine/core';
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
}: {
  items: NavItem[];
  settings: SettingsSection[];
  campsiteName: string;
  badges?: Partial<Record<string, ReactNode>>;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const t = useTranslations('nav');
  const ts = useTranslations('settingsMenu');
  const pathname = usePathname();
  const onNavigate = useNavHandler(close);
  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={opened ? t('closeMenu') : t('openMenu')} />
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
