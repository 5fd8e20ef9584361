'use client';

import { Alert, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ActionResult } from '@/lib/actions';

type Option = { value: string; label: string };
export type PreviewActions = {
  preview: (input: { html: string; contactId: string }) => Promise<ActionResult<{ html: string; quoteName: string | null }>>;
  searchContacts: (input: { search: string }) => Promise<ActionResult<Option[]>>;
};
type Props = { opened: boolean; onClose: () => void; html: string; actions: PreviewActions };

/**
 * The filled template in a frame with an empty sandbox: no script, form or navigation of the
 * staff's HTML can run against the CRM, whatever the template contains.
 */
function framed(html: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;margin:16px;color:#222}img{max-width:100%}</style></head><body>${html}</body></html>`;
}

/** The template as a real guest of the campsite would receive it, picked with the contact search. */
export function TemplatePreview({ opened, onClose, html, actions }: Props) {
  const t = useTranslations('templates.preview');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const [contactId, setContactId] = useState<string | null>(null);
  const [result, setResult] = useState<{ html: string; quoteName: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read by the search only to keep the chosen option listed: a new choice needs no new search.
  const selected = useRef(contactId);
  useLayoutEffect(() => {
    selected.current = contactId;
  }, [contactId]);

  // The contact search: the same indexed search as the contact list, newest first when empty.
  useEffect(() => {
    if (!opened) return;
    let current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the spinner of the search request this effect starts; the answer clears it
    setSearching(true);
    void actions.searchContacts({ search: debounced }).then((answer) => {
      if (!current) return;
      setSearching(false);
      if (answer.ok) setOptions((previous) => mergeSelected(answer.data, previous, selected.current));
      else setError(answer.error);
    });
    return () => {
      current = false;
    };
  }, [opened, debounced, actions]);

  // The preview follows the chosen contact and the text being edited.
  useEffect(() => {
    if (!opened || !contactId) return;
    let current = true;
    void actions.preview({ html, contactId }).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        setResult(answer.data);
        setError(null);
      } else setError(answer.error);
    });
    return () => {
      current = false;
    };
  }, [opened, contactId, html, actions]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <Select
          label={t('contact')}
          placeholder={t('contactPlaceholder')}
          data={options}
          value={contactId}
          onChange={setContactId}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server already searched: no second filter on the labels.
          filter={({ options: all }) => all}
          nothingFoundMessage={searching ? t('searching') : t('nothingFound')}
          rightSection={searching ? <Loader size={14} aria-label={t('searching')} role="status" /> : undefined}
          data-testid="preview-contact"
        />
        {error && (
          <Alert color="red" title={t('errorTitle')} role="alert">
            {error}
          </Alert>
        )}
        {!contactId && <Text c="dimmed">{t('pick')}</Text>}
        {contactId && result && (
          <>
            <Text size="sm" c="dimmed">
              {result.quoteName === null ? t('withoutQuote') : t('withQuote', { name: result.quoteName })}
            </Text>
            <iframe
              title={t('frameTitle')}
              sandbox=""
              srcDoc={framed(result.html)}
              style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', background: '#fff' }}
              data-testid="template-preview-frame"
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The new results, keeping the chosen contact listed so the select still shows its name. */
function mergeSelected(results: Option[], previous: Option[], selected: string | null): Option[] {
  const chosen = previous.find((option) => option.value === selected);
  return chosen && !results.some((option) => option.value === chosen.value) ? [chosen, ...results] : results;
}
