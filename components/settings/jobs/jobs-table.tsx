import { Badge, Card, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import type { ScheduledJobOverview } from '@/lib/workflows/jobs-overview';
import { jobOutcome } from './job-outcome';
import { RunJobButton } from './run-job-button';

// Dark shades: the state is text on white and must keep its contrast (axe).
const STATE_COLOR: Record<string, string> = { completed: 'teal.9', failed: 'red.9', active: 'blue.9', created: 'gray.8', retry: 'orange.9', cancelled: 'gray.8' };

export async function JobsTable({ jobs }: { jobs: ScheduledJobOverview[] }) {
  const t = await getTranslations('scheduledJobs');
  return (
    <Stack gap="lg">
      {jobs.map((job) => (
        <Card key={job.queue} withBorder padding="md" component="section" aria-labelledby={`job-${job.queue}`}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div>
              <Title order={2} size="h4" id={`job-${job.queue}`}>
                {job.label}
              </Title>
              <Text size="sm" c="dimmed">
                {job.description} {t('frequency', { frequency: job.frequency })}
              </Text>
            </div>
            <RunJobButton queue={job.queue} label={job.label} />
          </Group>
          <Group gap="xs" mt="sm" data-testid={`job-counts-${job.queue}`}>
            <Badge color="teal" variant="light" c="dark.7">{t('completed', { count: job.lastDay.completed })}</Badge>
            <Badge color={job.lastDay.failed ? 'red' : 'gray'} variant="light" c={job.lastDay.failed ? 'red.9' : 'dark.6'}>{t('failed', { count: job.lastDay.failed })}</Badge>
            <Badge color="gray" variant="light" c="dark.6">{t('waiting', { count: job.lastDay.waiting })}</Badge>
          </Group>
          {job.runs.length === 0 ? (
            <Text size="sm" mt="sm">{t('noRuns')}</Text>
          ) : (
            <TableScrollContainer minWidth={640} mt="sm">
              <Table verticalSpacing="xs" fz="sm">
                <TableThead>
                  <TableTr>
                    <TableTh>{t('created')}</TableTh>
                    <TableTh>{t('state')}</TableTh>
                    <TableTh>{t('finished')}</TableTh>
                    <TableTh>{t('outcome')}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {job.runs.map((run) => (
                    <TableTr key={run.id}>
                      <TableTd style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.createdOn)}</TableTd>
                      <TableTd>
                        <Text size="sm" fw={600} c={STATE_COLOR[run.state]} style={{ whiteSpace: 'nowrap' }}>
                          {t(`states.${run.state}`)}
                        </Text>
                        {run.retryCount > 0 && <Text size="xs" c="dimmed">{t('retries', { count: run.retryCount })}</Text>}
                      </TableTd>
                      <TableTd style={{ whiteSpace: 'nowrap' }}>{run.completedOn ? formatDateTime(run.completedOn) : '—'}</TableTd>
                      <TableTd>{jobOutcome(run.output, t)}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </TableScrollContainer>
          )}
        </Card>
      ))}
    </Stack>
  );
}
