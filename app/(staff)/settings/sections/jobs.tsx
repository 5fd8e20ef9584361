import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { JobsTable } from '@/components/settings/jobs/jobs-table';
import { listScheduledJobs } from '@/lib/workflows/jobs-overview';
import type { SectionProps } from './types';

/** v=jobs, Attività pianificate: every periodic job, its latest runs and failures (operator only). */
export async function ScheduledJobsSection({ run }: SectionProps) {
  const t = await getTranslations('scheduledJobs');
  const jobs = await run((ctx) => listScheduledJobs(ctx));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <JobsTable jobs={jobs} />
    </Stack>
  );
}
