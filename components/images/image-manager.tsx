'use client';

import { Tabs } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CategoriesPanel } from './categories-panel';
import { DescriptionsPanel, type DescriptionValue } from './descriptions-panel';
import { ImagesPanel } from './images-panel';
import type { TypologyOption } from './types';

type Props = { typologies: TypologyOption[]; languages: { id: number; name: string }[]; descriptions: DescriptionValue[] };

/** The image manager: pictures, per-language descriptions and picture categories of each typology. */
export function ImageManager({ typologies: initialTypologies, languages, descriptions }: Props) {
  const t = useTranslations('images.tabs');
  // Categories saved in their tab are offered at once when uploading or editing a picture.
  const [typologies, setTypologies] = useState(initialTypologies);
  const setCategories = (typologyId: string, categories: string[]) =>
    setTypologies((current) => current.map((typology) => (typology.id === typologyId ? { ...typology, categories } : typology)));

  return (
    <Tabs defaultValue="images" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="images">{t('images')}</Tabs.Tab>
        <Tabs.Tab value="descriptions">{t('descriptions')}</Tabs.Tab>
        <Tabs.Tab value="categories">{t('categories')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="images" pt="md">
        <ImagesPanel typologies={typologies} />
      </Tabs.Panel>
      <Tabs.Panel value="descriptions" pt="md">
        <DescriptionsPanel typologies={typologies} languages={languages} initial={descriptions} />
      </Tabs.Panel>
      <Tabs.Panel value="categories" pt="md">
        <CategoriesPanel typologies={typologies} onSaved={setCategories} />
      </Tabs.Panel>
    </Tabs>
  );
}
