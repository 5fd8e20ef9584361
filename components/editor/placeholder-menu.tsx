'use client';

import { Button, Menu } from '@mantine/core';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { placeholdersFor, placeholderToken, type PlaceholderSet } from '@/lib/templates/placeholders';

/** A menu of the placeholders ({{nome}}, {{linkPreventivo}}, …) a template for `set` may hold, each inserted at the cursor. */
export function PlaceholderMenu({ onInsert, set = 'quote' }: { onInsert: (token: string) => void; set?: PlaceholderSet }) {
  const t = useTranslations('templates.editor');
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBraces size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('placeholdersLabel')}
        >
          {t('placeholders')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {placeholdersFor(set).map((placeholder) => (
          <Menu.Item key={placeholder.key} onClick={() => onInsert(placeholderToken(placeholder.key))} rightSection={<code>{placeholderToken(placeholder.key)}</code>}>
            {placeholder.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
