import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { ImportHistory } from '@/components/settings/legacy-import/import-history';
import { LegacyImportForm } from '@/components/settings/legacy-import/import-form';
import { ImportProgress } from '@/components/settings/legacy-import/import-progress';
import { requireOperator } from '@/lib/auth/roles';
import { LEGACY_KINDS } from '@/lib/legacy-import/kinds';
import { importDestinations, listLegacyImports, readLegacyImport } from '@/lib/legacy-import-runs/service';
import { AppError } from '@/lib/errors';
import type { SectionProps } from './types';

/** v=importa, «Importa dal vecchio CRM» (operator only): the form, a run's progress and report (&id=), the latest imports. */
export async function LegacyImportSection({ tenant, run, params, basePath }: SectionProps) {
  requireOperator(tenant);
  const t = await getTranslations('legacyImport');
  const kinds = LEGACY_KINDS.map((kind) => ({ name: kind.name, label: kind.label }));
  const header = (
    <div>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
    </div>
  );
  if (params.id) {
    const view = await run((ctx) => readLegacyImport(ctx, params.id!)).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'not_found') return null;
      throw error;
    });
    return (
      <Stack gap="lg">
        {header}
        <LinkAnchor href={`${basePath}?v=importa`} size="sm">
          ← {t('formTitle')}
        </LinkAnchor>
        {view ? <ImportProgress importId={view.id} kinds={kinds} initial={view} /> : <Text role="alert">{t('notFound')}</Text>}
      </Stack>
    );
  }
  const [destinations, imports] = await run(async (ctx) => [await importDestinations(ctx), await listLegacyImports(ctx)] as const);
  return (
    <Stack gap="xl">
      {header}
      <LegacyImportForm destinations={destinations} kinds={kinds} />
      <ImportHistory imports={imports} basePath={basePath} />
    </Stack>
  );
}
