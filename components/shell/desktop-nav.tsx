'use client';

import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { isActive, type NavItem } from './navigation';
import { useNavHandler } from './use-nav-handler';

/** badges: what follows an entry's label, by href (the unread mail count after "Mail"). */
export function DesktopNav({ items, badges = {} }: { items: NavItem[]; badges?: Partial<Record<string, ReactNode>> }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const onNavigate = useNavHandler();
  return (
    <Group gap={2} component="nav" aria-label={t('mainNavigation')} visibleFrom="md" wrap="nowrap">
      {items.map((item) => {
        const active = isActive(pathname, item.href);
        const link = (
          <Button
            component={Link}
            href={item.href}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            aria-current={active ? 'page' : undefined}
            rightSection={item.children ? <IconChevronDown size={14} aria-hidden /> : undefined}
            px="sm"
          >
            {t(item.labelKey)}
            {badges[item.href]}
          </Button>
        );
        if (!item.children) return <span key={item.href}>{link}</span>;
        return (
          <Menu key={item.href} trigger="hover" openDelay={60} closeDelay={150} position="bottom-start" withinPortal>
            <Menu.Target>{link}</Menu.Target>
            <Menu.Dropdown>
              {item.children.map((child) => (
                <Menu.Item key={child.href} component={Link} href={child.href} onClick={onNavigate(child.href)}>
                  {t(child.labelKey)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
