'use client';

import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';
import type { ContactChoice } from '@/lib/lists/members';

type Props = {
  listId: string;
  searchAction: (input: { listId: string; search: string }) => Promise<ActionResult<ContactChoice[]>>;
  addAction: (input: { listId: string; contactIds: string[] }) => Promise<ActionResult<{ added: number; alreadyMembers: number; memberCount: number }>>;
};

const nameOf = (contact: ContactChoice) => [contact.lastName, contact.firstName].filter(Boolean).join(' ') || contact.email || '—';

/** Autocomplete over the campsite's contacts (arrows and Enter choose); the chosen one joins the list at once. */
export function AddBySearch({ listId, searchAction, addAction }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ContactChoice[] | null>(null);
  const [searching, startSearch] = useTransition();
  const [adding, startAdd] = useTransition();

  const search = useDebouncedCallback((value: string) => {
    if (value.trim().length < 2) return setResults(null);
    startSearch(async () => {
      const answer = await searchAction({ listId, search: value });
      setResults(answer.ok ? answer.data : []);
      combobox.openDropdown();
    });
  }, 250);
  // Once the options are on screen, the first one is highlighted: Enter adds it.
  useEffect(() => {
    if (results?.length) combobox.selectFirstOption();
  }, [results, combobox]);

  const choose = (id: string) => {
    const chosen = results?.find((contact) => contact.id === id);
    combobox.closeDropdown();
    if (!chosen) return;
    startAdd(async () => {
      const answer = await addAction({ listId, contactIds: [chosen.id] });
      if (!answer.ok) {
        notifications.show({ color: 'red', message: answer.error, autoClose: 5000 });
        return;
      }
      const message = answer.data.added > 0 ? t('search.added', { name: nameOf(chosen) }) : t('search.already', { name: nameOf(chosen) });
      notifications.show({ color: 'teal', message, autoClose: 3000 });
      setQuery('');
      setResults(null);
      router.refresh();
    });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target>
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching || adding ? <Loader size={14} /> : null}
          value={query}
          disabled={adding}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            search(event.currentTarget.value);
          }}
          onFocus={() => results && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="members-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={results === null}>
        <Combobox.Options>
          {results?.length === 0 && <Combobox.Empty>{t('search.noResult')}</Combobox.Empty>}
          {results?.map((contact) => (
            <Combobox.Option value={contact.id} key={contact.id} disabled={contact.inList}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div>
                  <Text size="sm">{nameOf(contact)}</Text>
                  {contact.email && (
                    <Text size="xs" c="dimmed">
                      {contact.email}
                    </Text>
                  )}
                </div>
                {contact.inList && (
                  <Text size="xs" c="dimmed">
                    {t('search.inList')}
                  </Text>
                )}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
