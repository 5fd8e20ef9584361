'use client';

import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { isActive, type NavChild, type NavItem } from './navigation';
import { useNavHandler } from './use-nav-handler';

/** badges: what follows an entry's label, by href (the unread mail count after "Mail"). */
export function DesktopNav({ items, badges = {} }: { items: NavItem[]; badges?: Partial<Record<string, ReactNode>> }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
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
            px="sm"
          >
            {t(item.labelKey)}
            {badges[item.href]}
          </Button>
        );
        if (!item.children) return <span key={item.href}>{link}</span>;
        return <SubMenu key={item.href} link={link} label={t(item.labelKey)} entries={item.children} />;
      })}
    </Group>
  );
}

/**
 * An entry with sub-pages: hovering the link opens them as before, and the chevron beside it is a
 * real menu button (28 px: WCAG 2.2 wants targets of 24 px at least), so the keyboard (Enter or Space on it, arrows inside, Escape back) reaches the
 * sub-pages too: the hover-only menu left them out of reach without a mouse.
 */
function SubMenu({ link, label, entries }: { link: ReactNode; label: string; entries: NavChild[] }) {
  const t = useTranslations('nav');
  return (
    <Group component="span" gap={0} wrap="nowrap">
      <Menu trigger="hover" openDelay={60} closeDelay={150} position="bottom-start" withinPortal>
        <Menu.Target>{link}</Menu.Target>
        <SubMenuEntries entries={entries} />
      </Menu>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="md" aria-label={t('moreOf', { section: label })}>
            <IconChevronDown size={14} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <SubMenuEntries entries={entries} />
      </Menu>
    </Group>
  );
}

function SubMenuEntries({ entries }: { entries: NavChild[] }) {
  const t = useTranslations('nav');
  const onNavigate = useNavHandler();
  return (
    <Menu.Dropdown>
      {entries.map((child) => (
        <Menu.Item key={child.href} component={Link} href={child.href} onClick={onNavigate(child.href)}>
          {t(child.labelKey)}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  );
}
