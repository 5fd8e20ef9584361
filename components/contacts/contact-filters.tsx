'use client';

import { Button, Group, Loader, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef, useState, useTransition, type FormEvent } from 'react';
import { parseItalianDate } from '@/lib/date-filter';
import type { ContactSort } from '@/lib/contacts/validation';
import { contactListHref, type ContactListParams } from '@/lib/contacts/list-params';

type Props = { initial: ContactListParams; /** The server refused the dates in the URL. */ dateError?: string | null };

/** The list's filters live in the URL: the search after a pause in typing, dates on "Applica", the order at once. */
export function ContactFilters({ initial, dateError }: Props) {
  const t = useTranslations('contacts.filters');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(initial.search);
  const [dateFrom, setDateFrom] = useState(initial.dateFrom);
  const [dateTo, setDateTo] = useState(initial.dateTo);
  const [sort, setSort] = useState(initial.sort);
  // A date the server refused is already explained by the page's alert: here only the red border.
  const [errors, setErrors] = useState<{ from?: string | boolean; to?: string | boolean }>(dateError ? { from: true, to: Boolean(initial.dateTo) } : {});
  const applied = useRef<ContactListParams>({ ...initial, cursor: null });
  /** The addresses this component navigated to: any other one comes from a link or the back button. */
  const ours = useRef(new Set<string>());
  const [debouncedSearch] = useDebouncedValue(search, 350);

  const navigate = (wanted: ContactListParams, mode: 'push' | 'replace') => {
    const next = { ...wanted, cursor: null };
    const href = contactListHref(next);
    if (href === contactListHref(applied.current)) return;
    applied.current = next;
    ours.current.add(href);
    startTransition(() => (mode === 'push' ? router.push(href, { scroll: false }) : router.replace(href, { scroll: false })));
  };

  // A navigation from elsewhere ('Azzera i filtri', back button): show its filters in the inputs.
  // Only a new address matters; initial is read from the same render.
  const shown = contactListHref({ ...initial, cursor: null });
  const onAddress = useEffectEvent((address: string) => {
    if (ours.current.delete(address) || address === contactListHref(applied.current)) return;
    applied.current = { ...initial, cursor: null };
    setSearch(initial.search);
    setDateFrom(initial.dateFrom);
    setDateTo(initial.dateTo);
    setSort(initial.sort);
    setErrors({});
  });
  useEffect(() => onAddress(shown), [shown]);

  // Only a new debounced value triggers a navigation (navigate itself changes every render).
  const onSearchSettled = useEffectEvent((value: string) => {
    if (value.trim() === applied.current.search.trim()) return;
    navigate({ ...applied.current, search: value }, 'replace');
  });
  useEffect(() => onSearchSettled(debouncedSearch), [debouncedSearch]);

  const applyDates = (event: FormEvent) => {
    event.preventDefault();
    const next: { from?: string | boolean; to?: string | boolean } = {};
    const from = dateFrom.trim() ? parseItalianDate(dateFrom) : '';
    const to = dateTo.trim() ? parseItalianDate(dateTo) : '';
    if (from === null) next.from = t('invalidDate');
    if (to === null) next.to = t('invalidDate');
    if (from && to && to < from) next.to = t('endBeforeStart');
    setErrors(next);
    if (next.from || next.to) return;
    navigate({ ...applied.current, search, dateFrom: dateFrom.trim(), dateTo: dateTo.trim() }, 'push');
  };

  const sortOptions: { value: ContactSort; label: string }[] = [
    { value: 'recenti', label: t('sortRecent') },
    { value: 'meno-recenti', label: t('sortOldest') },
    { value: 'nome', label: t('sortName') },
    { value: 'email', label: t('sortEmail') },
  ];

  return (
    <Paper withBorder radius="md" p="md" role="search" aria-label={t('label')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={pending ? <Loader size="xs" aria-label={t('searching')} role="status" /> : null}
          type="search"
          style={{ flex: '1 1 240px' }}
          data-testid="contact-search"
        />
        <form onSubmit={applyDates} noValidate style={{ display: 'contents' }}>
          <TextInput
            label={t('from')}
            placeholder={t('datePlaceholder')}
            value={dateFrom}
            onChange={(event) => setDateFrom(event.currentTarget.value)}
            error={errors.from}
            inputMode="numeric"
            autoComplete="off"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={{ base: 'calc(50% - 6px)', xs: 150 }}
          />
          <TextInput
            label={t('to')}
            placeholder={t('datePlaceholder')}
            value={dateTo}
            onChange={(event) => setDateTo(event.currentTarget.value)}
            error={errors.to}
            inputMode="numeric"
            autoComplete="off"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={{ base: 'calc(50% - 6px)', xs: 150 }}
          />
          <Button type="submit" variant="light" mt={{ base: 0, xs: 25 }} title={t('dateHint')}>
            {t('apply')}
          </Button>
        </form>
        <Select
          label={t('sort')}
          data={sortOptions}
          value={sort}
          onChange={(value) => {
            if (!value) return;
            setSort(value as ContactSort);
            navigate({ ...applied.current, search, sort: value as ContactSort }, 'push');
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Paper>
  );
}
