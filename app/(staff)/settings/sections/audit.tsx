import { EmptyState, EmptyStateDescription, EmptyStateTitle, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';
import { AuditTable } from '@/components/settings/audit/audit-table';
import { LinkButton } from '@/components/ui/link-button';
import { AUDIT_PAGE_SIZE, listAudit } from '@/lib/audit/service';
import { formatDateTime } from '@/lib/format';
import { decodeCursor, encodeCursor } from '@/lib/pagination';
import type { SectionProps } from './types';

/** A broken or stale position in the address shows the newest entries instead of an error. */
function positionOf(value: string | undefined) {
  try {
    const decoded = decodeCursor(value, 2);
    return decoded ? { createdAt: String(decoded[0]), id: String(decoded[1]) } : undefined;
  } catch {
    return undefined;
  }
}

/** ?v=audit, Registro attività: the campsite's admin changes, newest first, a page at a time (&prima=<cursor>). */
export async function AuditSection({ run, params, basePath }: SectionProps) {
  const t = await getTranslations('audit');
  const before = positionOf(params.prima);
  const entries = await run((ctx) => listAudit(ctx, { before }));
  const last = entries.at(-1);
  const baseHref = `${basePath}?v=audit`;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {entries.length === 0 ? (
        <EmptyState icon={<IconHistory size={32} aria-hidden />} withIndicatorBackground py="xl">
          <EmptyStateTitle order={2}>{t('emptyTitle')}</EmptyStateTitle>
          <EmptyStateDescription>{t('emptyText')}</EmptyStateDescription>
        </EmptyState>
      ) : (
        <AuditTable
          entries={entries.map((entry) => ({
            id: entry.id,
            when: formatDateTime(entry.createdAt),
            actorEmail: entry.actorEmail,
            action: entry.action,
            summary: entry.summary,
            before: entry.before ?? null,
            after: entry.after ?? null,
          }))}
        />
      )}
      <Group>
        {before && (
          <LinkButton href={baseHref} variant="default">
            {t('first')}
          </LinkButton>
        )}
        {last && entries.length === AUDIT_PAGE_SIZE && (
          <LinkButton href={`${baseHref}&prima=${encodeCursor([last.cursorAt, last.id])}`} variant="light">
            {t('next')}
          </LinkButton>
        )}
      </Group>
    </Stack>
  );
}
