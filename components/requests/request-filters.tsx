'use client';

import { Group, Loader, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUrlState } from '@/components/quotes/use-url-state';

/**
 * The requests list's view ('Da gestire' or 'Tutte') and its search by guest, both kept in the URL
 * so that each keeps the other and a link shows the same list.
 */
export function RequestFilters({ scope, search }: { scope: 'open' | 'all'; search: string }) {
  const t = useTranslations('quotes.requests');
  const { update, pending } = useUrlState();
  const [typed, setTyped] = useState(search);
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() || null }), 350);
  return (
    <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
      <TextInput
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        leftSection={pending ? <Loader size={14} /> : <IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 320 }}
        type="search"
        maxLength={200}
      />
      <SegmentedControl
        aria-label={t('scopeLabel')}
        value={scope}
        onChange={(next) => update({ vista: next === 'all' ? 'tutte' : null })}
        data={[
          { value: 'open', label: t('scopeOpen') },
          { value: 'all', label: t('scopeAll') },
        ]}
      />
    </Group>
  );
}
