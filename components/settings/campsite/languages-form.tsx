'use client';

import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveLanguagesAction } from '@/app/(staff)/settings/campsite-actions';
import type { CampsiteLanguage, KnownLanguage } from '@/lib/campsites/languages';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

type Row = { languageId: number; name: string; phonePrefix: string };

/** The campsite's languages, in the order the contact form lists them, each with its phone prefix. */
export function LanguagesForm({ campsiteId, languages, known, defaults }: { campsiteId: string; languages: CampsiteLanguage[]; known: KnownLanguage[]; defaults: Record<number, string> }) {
  const t = useTranslations('campsiteSettings.languages');
  const [rows, setRows] = useState<Row[]>(languages.map(({ languageId, name, phonePrefix }) => ({ languageId, name, phonePrefix })));
  const [adding, setAdding] = useState<string | null>(null);
  const { pending, formError, error, submit } = useSettingsSave(saveLanguagesAction);
  const available = known.filter((language) => !rows.some((row) => row.languageId === language.id));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row);
    setRows(next);
  };
  const add = () => {
    const language = known.find((item) => String(item.id) === adding);
    if (!language) return;
    setRows([...rows, { languageId: language.id, name: language.name, phonePrefix: defaults[language.id] ?? '+39' }]);
    setAdding(null);
  };
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, languages: rows.map(({ languageId, phonePrefix }) => ({ languageId, phonePrefix })) });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        {error('languages') && <Text c="red" size="sm">{error('languages')}</Text>}
        {rows.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
        {rows.map((row, index) => (
          <Group key={row.languageId} gap="xs" wrap="nowrap" align="flex-start">
            <Text w={130} pt={6} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <TextInput aria-label={`${t('prefix')} ${row.name}`} value={row.phonePrefix} onChange={(e) => setRows(rows.map((item, i) => (i === index ? { ...item, phonePrefix: e.currentTarget.value } : item)))} error={error(`languages.${index}.phonePrefix`)} w={100} />
            <ActionIcon variant="subtle" aria-label={`${t('up')} ${row.name}`} disabled={index === 0} onClick={() => move(index, -1)} mt={4}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`${t('down')} ${row.name}`} disabled={index === rows.length - 1} onClick={() => move(index, 1)} mt={4}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`${t('remove')} ${row.name}`} onClick={() => setRows(rows.filter((_, i) => i !== index))} mt={4}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group align="flex-end" gap="xs">
          <Select label={t('add')} placeholder={t('choose')} data={available.map((language) => ({ value: String(language.id), label: language.name }))} value={adding} onChange={setAdding} w={200} />
          <Button variant="light" onClick={add} disabled={!adding}>
            {t('addButton')}
          </Button>
        </Group>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
