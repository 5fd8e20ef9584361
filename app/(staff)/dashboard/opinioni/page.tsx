import { Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { AnswerFiltersForm } from '@/components/surveys/answer-filters';
import { AnswerList } from '@/components/surveys/answer-list';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { answerFilterOptions, listSurveyAnswers } from '@/lib/surveys/answers-list';
import { answersHref, parseAnswerFilters } from '@/lib/surveys/links';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('surveys'))('answersTitle') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /dashboard/opinioni: the survey answers behind the dashboard's NPS, filtered by season, accommodation and low scores. */
export default async function SurveyAnswersPage({ searchParams }: Props) {
  const { run } = await staffPage();
  const { cursor, ...filters } = parseAnswerFilters(await searchParams);
  const [t, options, page] = await Promise.all([
    getTranslations('surveys'),
    run((ctx) => answerFilterOptions(ctx)),
    // A hand-edited position starts the list over rather than failing.
    run((ctx) => listSurveyAnswers(ctx, { ...filters, cursor })).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'bad_request') return run((ctx) => listSurveyAnswers(ctx, filters));
      throw error;
    }),
  ]);
  return (
    <PageContainer>
      <Stack gap="lg">
        <LinkAnchor href="/dashboard" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('backToDashboard')}
          </Group>
        </LinkAnchor>
        <div>
          <Title order={1}>{t('answersTitle')}</Title>
          <Text c="dimmed">{t('answersSubtitle')}</Text>
        </div>
        <AnswerFiltersForm filters={filters} seasons={options.seasons} typologies={options.typologies} />
        <AnswerList rows={page.items} />
        {page.nextCursor && (
          <Group>
            <LinkButton href={answersHref({ ...filters, cursor: page.nextCursor })} variant="light">
              {t('more')}
            </LinkButton>
          </Group>
        )}
      </Stack>
    </PageContainer>
  );
}
