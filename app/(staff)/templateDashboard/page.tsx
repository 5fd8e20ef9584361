import { EmptyState, EmptyStateDescription, EmptyStateTitle, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailCode, IconPlus } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { LanguageFilter } from '@/components/templates/language-filter';
import { TemplateTable } from '@/components/templates/template-table';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { templateLanguages } from '@/lib/templates/languages';
import { listTemplates } from '@/lib/templates/service';
import { deleteTemplateAction, duplicateTemplateAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('templates'))('title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?lingua=3: only that language's templates; anything else shows them all. */
function languageParam(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** The campsite's templates: filter by language, edit, duplicate, delete, create. */
export default async function TemplateDashboardPage({ searchParams }: Props) {
  const { run } = await staffPage({ packLevel: 10 });
  const t = await getTranslations('templates');
  const selected = languageParam((await searchParams).lingua);
  // All of them (a campsite has at most 500): the filter offers only the languages in use.
  const [all, languages] = await run((ctx) => Promise.all([listTemplates(ctx), templateLanguages(ctx.db)]));
  const languageNames = new Map(languages.map((language) => [language.id, language.name]));
  const used = languages.filter((language) => all.some((template) => template.languageId === language.id));
  const shown = selected === null ? all : all.filter((template) => template.languageId === selected);

  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed" data-testid="templates-count">
              {t('dashboard.subtitle', { count: shown.length })}
            </Text>
          </div>
          <LinkButton href="/templator" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('dashboard.new')}
          </LinkButton>
        </Group>
        {used.length > 1 && <LanguageFilter languages={used} selected={selected} />}
        {shown.length === 0 ? (
          <EmptyState icon={<IconMailCode size={32} aria-hidden />} withIndicatorBackground py="xl">
            <EmptyStateTitle order={2}>{all.length === 0 ? t('dashboard.emptyTitle') : t('dashboard.noMatchTitle')}</EmptyStateTitle>
            <EmptyStateDescription>{all.length === 0 ? t('dashboard.emptyText') : t('dashboard.noMatchText')}</EmptyStateDescription>
            <Group justify="center" mt="md">
              {all.length > 0 && (
                <LinkButton href="/templateDashboard" variant="light">
                  {t('dashboard.showAll')}
                </LinkButton>
              )}
              <LinkButton href="/templator">{t('dashboard.new')}</LinkButton>
            </Group>
          </EmptyState>
        ) : (
          <TemplateTable templates={shown} languageNames={languageNames} actions={{ duplicate: duplicateTemplateAction, remove: deleteTemplateAction }} />
        )}
      </Stack>
    </PageContainer>
  );
}
