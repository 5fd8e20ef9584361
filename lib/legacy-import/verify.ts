import type { Database } from '@/db/client';
import type { LegacyImportCounts, LegacyImportSkip } from '@/db/schema';
import { campsiteContext } from '@/lib/context/unit-of-work';
import type { LegacyClient } from './client';
import type { IdMap } from './ids';
import type { ImportCtx, LegacyKind } from './kind';

export type KindVerification = { kind: string; label: string; there: number; here: number; written: number; unchanged: number; skipped: number };
export type FieldDifference = { oldId: string; field: string; there: unknown; here: unknown };
export type SampleVerification = { kind: string; compared: number; differences: FieldDifference[] };
export type VerificationReport = {
  dryRun: boolean;
  kinds: KindVerification[];
  samples: SampleVerification[];
  skippedTotal: number;
  /** The first skipped records, with their old id and why. */
  skipped: LegacyImportSkip[];
  calls: number;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The end of an import: per kind, the records read from the old system against those the campsite
 * holds here, and a sample of records read again from both sides and compared field by field.
 */
export async function verifyImport(
  db: Database,
  input: { client: LegacyClient; campsiteId: string; kinds: readonly LegacyKind[]; counts: Record<string, LegacyImportCounts>; skipped: LegacyImportSkip[]; samples: Map<string, string[]>; ids: IdMap; dryRun: boolean },
): Promise<VerificationReport> {
  const kinds: KindVerification[] = [];
  const samples: SampleVerification[] = [];
  const ctx: ImportCtx = { ...campsiteContext({ kind: 'job', campsiteId: input.campsiteId, job: 'legacy-import' }, db), ids: input.ids, dryRun: input.dryRun };
  for (const kind of input.kinds) {
    const counts = input.counts[kind.name] ?? { read: 0, written: 0, unchanged: 0, skipped: 0 };
    kinds.push({ kind: kind.name, label: kind.label, there: counts.read, here: await kind.countHere(db, input.campsiteId), written: counts.written, unchanged: counts.unchanged, skipped: counts.skipped });
    if (input.dryRun || !kind.showHere || !kind.showThere) continue;
    const differences: FieldDifference[] = [];
    const oldIds = input.samples.get(kind.name) ?? [];
    for (const oldId of oldIds) {
      await input.ids.load(db, kind.name, [oldId]);
      const [there, here] = [await kind.showThere(input.client, oldId), await kind.showHere(ctx, oldId)];
      if (!there) continue;
      if (!here) {
        differences.push({ oldId, field: '(record)', there: 'presente', here: 'assente' });
        continue;
      }
      for (const field of Object.keys(there)) {
        if (!same(there[field], here[field])) differences.push({ oldId, field, there: there[field], here: here[field] });
      }
    }
    samples.push({ kind: kind.name, compared: oldIds.length, differences });
  }
  return { dryRun: input.dryRun, kinds, samples, skippedTotal: input.skipped.length, skipped: input.skipped.slice(0, 100), calls: input.client.calls };
}
