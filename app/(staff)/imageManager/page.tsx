import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ImageManager } from '@/components/images/image-manager';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { listDescriptions, listTypologyCategories } from '@/lib/images/descriptions';
import { descriptionLanguages, campsiteTypologies } from '@/lib/images/manager-data';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('images'))('title') };
}

export default async function Page() {
  const { run } = await staffPage({ packLevel: 0 });
  const t = await getTranslations('images');
  const [typologies, categoryRows, descriptions, languages] = await run((ctx) =>
    Promise.all([
      campsiteTypologies(ctx),
      listTypologyCategories(ctx),
      listDescriptions(ctx),
      descriptionLanguages(ctx),
    ]),
  );
  const categories = new Map(categoryRows.map((row) => [row.typologyId, row.categories]));
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <ImageManager
          typologies={typologies.map((typology) => ({ ...typology, categories: categories.get(typology.id) ?? [] }))}
          languages={languages}
          descriptions={descriptions.map(({ typologyId, languageId, html }) => ({ typologyId, languageId, html }))}
        />
      </Stack>
    </PageContainer>
  );
}
