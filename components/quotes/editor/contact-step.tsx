'use client';

import { Alert, Button, Combobox, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { createContactForQuoteAction, searchContactsAction } from '@/app/(staff)/preventivi/actions';
import type { ContactChoice } from '@/lib/quotes/editor-data';
import { contactDisplayName as contactName } from '@/lib/contacts/display';

type Props = { contact: ContactChoice | null; languages: { id: number; name: string }[]; onChoose: (contact: ContactChoice | null) => void };

function ContactSearch({ onChoose }: { onChoose: (contact: ContactChoice) => void }) {
  const t = useTranslations('quotes.editor');
  const combobox = useCombobox();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ContactChoice[] | null>(null);
  const [pending, startTransition] = useTransition();
  const search = useDebouncedCallback((value: string) => {
    if (value.trim().length < 2) return setResults(null);
    startTransition(async () => {
      const answer = await searchContactsAction({ search: value });
      setResults(answer.ok ? answer.data : []);
      combobox.openDropdown();
    });
  }, 250);
  return (
    <Combobox store={combobox} onOptionSubmit={(id) => {
      const chosen = results?.find((contact) => contact.id === id);
      if (chosen) onChoose(chosen);
      combobox.closeDropdown();
    }}>
      <Combobox.Target>
        <TextInput
          label={t('searchContact')}
          placeholder={t('searchContactPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={pending ? <Loader size={14} /> : null}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            search(event.currentTarget.value);
          }}
          onFocus={() => results && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={results === null}>
        <Combobox.Options>
          {results?.length === 0 && <Combobox.Empty>{t('noContactFound')}</Combobox.Empty>}
          {results?.map((contact) => (
            <Combobox.Option value={contact.id} key={contact.id}>
              <Text size="sm">{contactName(contact)}</Text>
              {contact.email && (
                <Text size="xs" c="dimmed">
                  {contact.email}
                </Text>
              )}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function NewContactForm({ languages, onCreated }: { languages: Props['languages']; onCreated: (contact: ContactChoice) => void }) {
  const t = useTranslations('quotes.editor');
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', phone: '', languageId: '1' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
  });
  const submit = () =>
    startTransition(async () => {
      const answer = await createContactForQuoteAction({ ...values, languageId: Number(values.languageId) });
      if (!answer.ok) {
        setFailure(answer.error);
        setErrors(answer.fieldErrors ?? {});
        return;
      }
      notifications.show({ color: 'green', message: t('contactCreated') });
      onCreated(answer.data);
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('newContact')}</Text>
          <Text size="sm" c="dimmed">
            {t('newContactHint')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('firstName')} {...field('firstName')} />
          <TextInput label={t('lastName')} {...field('lastName')} />
          <TextInput label={t('email')} type="email" {...field('email')} />
          <TextInput label={t('phone')} type="tel" {...field('phone')} />
          <Select
            label={t('language')}
            data={languages.map((language) => ({ value: String(language.id), label: language.name }))}
            value={values.languageId}
            onChange={(value) => setValues({ ...values, languageId: value ?? '1' })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group>
          <Button onClick={submit} loading={pending} variant="light">
            {t('createContact')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Step 1: an existing guest found by name, e-mail or phone, or a new one created on the spot. */
export function ContactStep({ contact, languages, onChoose }: Props) {
  const t = useTranslations('quotes.editor');
  if (contact) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="chosen-contact">
        <Group justify="space-between">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('selectedContact')}
            </Text>
            <Text fw={600}>{contactName(contact)}</Text>
            {contact.email && <Text size="sm">{contact.email}</Text>}
          </div>
          <Button variant="subtle" onClick={() => onChoose(null)}>
            {t('changeContact')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <ContactSearch onChoose={onChoose} />
      <NewContactForm languages={languages} onCreated={onChoose} />
    </Stack>
  );
}
