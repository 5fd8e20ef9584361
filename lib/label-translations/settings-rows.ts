import { getBookingPlatform } from '@/lib/booking-platform';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { catalogueLabels, type CatalogueLabel, type LabelGroup } from './catalogue-labels';
import { listLabelTranslations } from './service';
import { missingLanguages, type LabelNames } from '@/lib/i18n/label-names';

export type LabelSettingsRow = { source: string; group: LabelGroup | 'other'; platformNames: LabelNames; names: LabelNames };

/**
 * The Traduzioni tab: every label of the catalogue with the campsite's words beside the platform's,
 * then the words kept for labels the catalogue no longer has; the ones the staff can word first. A silent platform leaves the table only.
 */
export async function labelSettingsRows(ctx: StaffCtx, { campsiteId, platformCampId }: { campsiteId: string; platformCampId: string | null }) {
  const [table, catalogue] = await Promise.all([
    listLabelTranslations(ctx, campsiteId),
    catalogueLabels(getBookingPlatform(), platformCampId).catch((): CatalogueLabel[] | null => null),
  ]);
  const known = new Map(table.map((row) => [row.source, row.names]));
  const rows: LabelSettingsRow[] = (catalogue ?? []).map((label) => ({ ...label, names: known.get(label.source) ?? {} }));
  const listed = new Set(rows.map((row) => row.source));
  for (const row of table) if (!listed.has(row.source)) rows.push({ source: row.source, group: 'other', platformNames: {}, names: row.names });
  // The labels the staff can word come first; those the platform names in every language follow.
  const complete = (row: LabelSettingsRow) => missingLanguages({ it: row.source, ...row.platformNames }).length === 0;
  return { rows: [...rows.filter((row) => !complete(row)), ...rows.filter(complete)], unreachable: catalogue === null };
}
