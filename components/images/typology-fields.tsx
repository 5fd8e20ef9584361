'use client';

import { Select } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { TypologyOption } from './types';

type Props = {
  typologies: TypologyOption[];
  typologyId: string | null;
  category: string | null;
  onChange: (value: { typologyId: string | null; category: string | null }) => void;
};

/** Typology, then one of its categories (the list depends on the typology chosen). */
export function TypologyFields({ typologies, typologyId, category, onChange }: Props) {
  const t = useTranslations('images.fields');
  const categories = typologies.find((typology) => typology.id === typologyId)?.categories ?? [];
  // A category no longer in the typology's list stays selectable, so an edit never loses it.
  const options = category && !categories.includes(category) ? [category, ...categories] : categories;
  return (
    <>
      <Select
        label={t('typology')}
        placeholder={t('typologyPlaceholder')}
        data={typologies.map((typology) => ({ value: typology.id, label: typology.name }))}
        value={typologyId}
        onChange={(value) => onChange({ typologyId: value, category: null })}
        clearable
        searchable
      />
      <Select
        label={t('category')}
        placeholder={t('categoryPlaceholder')}
        data={options}
        value={category}
        onChange={(value) => onChange({ typologyId, category: value })}
        disabled={options.length === 0}
        clearable
      />
    </>
  );
}
