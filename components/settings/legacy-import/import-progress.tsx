'use client';

import { Alert, Badge, Group, Progress, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { legacyImportProgressAction } from '@/app/(staff)/settings/legacy-import-actions';
import type { LegacyImportView, LoginErrorField } from '@/lib/legacy-import-runs/view';
import { ImportReport } from './import-report';
import { InviteUsers } from './invite-users';
import { kindsDone, labelOf, STATUS_COLOR, type ImportKind } from './kinds';
import { ResumeForm } from './resume-form';

/** How often a running import's row is read again. */
const POLL_MS = 2000;

type Props = {
  importId: string;
  kinds: ImportKind[];
  initial?: LegacyImportView | null;
  /** A run that failed at the login: the form shows the error beside its field instead of this view. */
  onLoginError?: (field: LoginErrorField, message: string) => void;
  /** The run is no longer running (done, failed): the form may start another. */
  onSettled?: () => void;
};

/** A run's progress, read every two seconds while it runs: the bar by kinds, the current kind and page, the counts, then the report or the error. */
export function ImportProgress({ importId, kinds, initial = null, onLoginError, onSettled }: Props) {
  const t = useTranslations('legacyImport');
  const router = useRouter();
  const [view, setView] = useState<LegacyImportView | null>(initial);
  const [readError, setReadError] = useState<string | null>(null);
  const [polls, setPolls] = useState(0);
  const running = !view || view.status === 'running';

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setTimeout(
      async () => {
        const answer = await legacyImportProgressAction({ importId });
        if (stopped) return;
        if (!answer.ok) setReadError(answer.error);
        else {
          setReadError(null);
          setView(answer.data);
          if (answer.data.status !== 'running') router.refresh();
        }
        setPolls((count) => count + 1);
      },
      view ? POLL_MS : 0,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId, running, polls, view, router]);

  const settled = view !== null && view.status !== 'running';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);

  const loginError = view?.status === 'failed' ? view.loginError : null;
  useEffect(() => {
    if (loginError && view?.error && onLoginError) onLoginError(loginError, view.error);
  }, [loginError, view?.error, onLoginError]);

  if (!view) {
    return (
      <Text size="sm" role="status">
        {readError ?? t('waiting')}
      </Text>
    );
  }
  const total = kinds.length;
  const done = view.status === 'done' ? total : kindsDone(kinds, view.checkpoints);
  const page = view.currentKind ? view.checkpoints[view.currentKind]?.page : undefined;

  return (
    <Stack gap="md" component="section" aria-labelledby={`legacy-import-${view.id}`} data-testid="legacy-import-progress">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={`legacy-import-${view.id}`}>
          {t('progressTitle')}
        </Title>
        <Group gap="xs">
          {view.dryRun && (
            <Badge variant="light" color="gray" c="dark.7">
              {t('dryRunBadge')}
            </Badge>
          )}
          <Text fw={600} size="sm" c={STATUS_COLOR[view.status]}>
            {t(`status.${view.status}`)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {view.sourceUrl} → {view.campsiteName}
      </Text>
      <div>
        <Progress value={total ? (done / total) * 100 : 0} aria-label={t('progressBar')} size="lg" animated={view.status === 'running'} color={view.status === 'failed' ? 'red' : 'teal'} />
        <Group justify="space-between" mt={4} wrap="wrap" gap="xs" role="status">
          <Text size="sm">{t('kindsDone', { done, total })}</Text>
          {view.status === 'running' && <Text size="sm">{view.currentKind ? t('current', { kind: labelOf(kinds, view.currentKind), page: page ?? 0 }) : t('waiting')}</Text>}
        </Group>
      </div>
      <TableScrollContainer minWidth={420}>
        <Table fz="sm" verticalSpacing="xs" data-testid="legacy-import-counts">
          <TableThead>
            <TableTr>
              <TableTh>{t('kind')}</TableTh>
              <TableTh ta="right">{t('read')}</TableTh>
              <TableTh ta="right">{t('written')}</TableTh>
              <TableTh ta="right">{t('unchanged')}</TableTh>
              <TableTh ta="right">{t('skipped')}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {kinds.map((kind) => {
              const counts = view.counts[kind.name];
              return (
                <TableTr key={kind.name}>
                  <TableTh scope="row" fw={500}>{kind.label}</TableTh>
                  <TableTd ta="right">{counts?.read ?? 0}</TableTd>
                  <TableTd ta="right">{counts?.written ?? 0}</TableTd>
                  <TableTd ta="right">{counts?.unchanged ?? 0}</TableTd>
                  <TableTd ta="right">{counts?.skipped ?? 0}</TableTd>
                </TableTr>
              );
            })}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      {readError && <Alert color="red" role="alert">{readError}</Alert>}
      {view.status === 'failed' && (
        <Stack gap="sm">
          <Alert color="red" role="alert" title={t('failedTitle')}>
            {view.error}
          </Alert>
          <ResumeForm importId={view.id} onResumed={() => setView({ ...view, status: 'running', error: null })} />
        </Stack>
      )}
      {view.status === 'done' && view.report && <ImportReport report={view.report} campsiteName={view.campsiteName} />}
      {view.status === 'done' && view.usersWithoutPassword !== null && <InviteUsers importId={view.id} waiting={view.usersWithoutPassword} />}
    </Stack>
  );
}
