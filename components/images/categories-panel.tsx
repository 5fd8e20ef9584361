'use client';

import { Alert, Button, Card, Group, Stack, TagsInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { saveCategoriesAction } from '@/app/(staff)/imageManager/actions';
import type { TypologyOption } from './types';

type Props = { typologies: TypologyOption[]; onSaved: (typologyId: string, categories: string[]) => void };

/** The picture categories of each typology, offered when uploading or editing a picture. */
export function CategoriesPanel({ typologies, onSaved }: Props) {
  const t = useTranslations('images');
  if (typologies.length === 0) return <Alert color="yellow">{t('descriptions.noTypologies')}</Alert>;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('categories.intro')}</Text>
      {typologies.map((typology) => (
        <TypologyCategoriesCard key={typology.id} typology={typology} onSaved={onSaved} />
      ))}
    </Stack>
  );
}

function TypologyCategoriesCard({ typology, onSaved }: { typology: TypologyOption; onSaved: Props['onSaved'] }) {
  const t = useTranslations('images.categories');
  const [value, setValue] = useState(typology.categories);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const changed = value.join('\n') !== typology.categories.join('\n');

  const save = () =>
    startTransition(async () => {
      const result = await saveCategoriesAction({ typologyId: typology.id, categories: value });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      setValue(result.data.categories);
      onSaved(typology.id, result.data.categories);
      notifications.show({ color: 'teal', message: t('saved'), autoClose: 3000 });
    });

  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <TagsInput label={t('label', { typology: typology.name })} placeholder={t('placeholder')} value={value} onChange={setValue} maxTags={50} clearable />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={save} loading={pending} disabled={!changed}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
