'use client';

import { Alert, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteDescriptionAction, saveDescriptionAction } from '@/app/(staff)/imageManager/actions';
import { HtmlEditor } from '@/components/editor/html-editor';
import type { TypologyOption } from './types';

export type DescriptionValue = { typologyId: string; languageId: number; html: string };
type Props = { typologies: TypologyOption[]; languages: { id: number; name: string }[]; initial: DescriptionValue[] };

const keyOf = (typologyId: string, languageId: number) => `${typologyId}:${languageId}`;

/** One typology and one language at a time; the mini-site shows the guest's language. */
export function DescriptionsPanel({ typologies, languages, initial }: Props) {
  const t = useTranslations('images.descriptions');
  const [saved, setSaved] = useState(() => new Map(initial.map((entry) => [keyOf(entry.typologyId, entry.languageId), entry.html])));
  const [typologyId, setTypologyId] = useState<string | null>(typologies[0]?.id ?? null);
  const [languageId, setLanguageId] = useState(languages[0]?.id ?? 1);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (typologies.length === 0) return <Alert color="yellow">{t('noTypologies')}</Alert>;
  const key = typologyId ? keyOf(typologyId, languageId) : '';
  const stored = saved.get(key);
  const languageName = languages.find((language) => language.id === languageId)?.name ?? '';

  const choose = (change: () => void) => {
    change();
    setDraft(null);
    setError(null);
  };

  const run = (work: () => Promise<{ ok: true } | { ok: false; error: string }>) => startTransition(async () => {
    const result = await work();
    if (!result.ok) setError(result.error);
  });

  const save = () =>
    run(async () => {
      const html = draft ?? stored ?? '';
      const result = await saveDescriptionAction({ typologyId: typologyId!, languageId, html });
      if (!result.ok) return result;
      setSaved((current) => new Map(current).set(key, result.data.html));
      setDraft(null);
      notifications.show({ color: 'teal', message: t('saved'), autoClose: 3000 });
      return { ok: true };
    });

  const remove = () =>
    run(async () => {
      const result = await deleteDescriptionAction({ typologyId: typologyId!, languageId });
      if (!result.ok) return result;
      setSaved((current) => {
        const next = new Map(current);
        next.delete(key);
        return next;
      });
      setDraft(null);
      notifications.show({ color: 'teal', message: t('removed'), autoClose: 3000 });
      return { ok: true };
    });

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>
      <Select
        label={t('typology')}
        data={typologies.map((typology) => ({ value: typology.id, label: typology.name }))}
        value={typologyId}
        onChange={(value) => choose(() => setTypologyId(value))}
        allowDeselect={false}
        searchable
        maw={360}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="description-language">
          {t('language')}
        </Text>
        <SegmentedControl
          aria-labelledby="description-language"
          data={languages.map((language) => ({ value: String(language.id), label: language.name }))}
          value={String(languageId)}
          onChange={(value) => choose(() => setLanguageId(Number(value)))}
        />
      </div>
      {stored === undefined && draft === null && <Text size="sm" c="dimmed">{t('empty')}</Text>}
      {/* Keyed: the editor reads its content once, so a new typology or language mounts a fresh one. */}
      <HtmlEditor key={key} label={t('editor', { language: languageName })} value={stored ?? ''} onChange={setDraft} height={320} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {stored !== undefined && (
          <Button variant="light" color="red" onClick={remove} loading={pending}>
            {t('remove')}
          </Button>
        )}
        <Button onClick={save} loading={pending} disabled={draft === null}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
