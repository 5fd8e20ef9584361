'use client';

import { Box, Button, Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LOGOUT_FORM_ID } from './logout-form';
import type { SettingsSection } from './navigation';

export function SettingsMenu({ sections }: { sections: SettingsSection[] }) {
  const t = useTranslations('settingsMenu');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" px="xs" aria-label={t('label')} data-testid="settings-menu">
          <IconSettings size={22} aria-hidden />
          <Box component="span" ml={6} visibleFrom="lg">
            {t('label')}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {sections.map((section) => (
          <div key={section.labelKey}>
            <Menu.Label>{t(section.labelKey)}</Menu.Label>
            {section.entries.map((entry) => (
              <Menu.Item key={`${section.labelKey}-${entry.labelKey}`} component={Link} href={entry.href}>
                {t(entry.labelKey)}
              </Menu.Item>
            ))}
          </div>
        ))}
        <Menu.Divider />
        <Menu.Item component="button" type="submit" form={LOGOUT_FORM_ID} color="red" leftSection={<IconLogout size={16} />}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
