import type { LegacyImportSkip } from '@/db/schema';
import type { z } from '@/lib/validation';

const oldIdOf = (item: unknown) =>
  item && typeof item === 'object' && '_id' in item ? String((item as { _id: unknown })._id) : '(senza _id)';

/**
 * Checks each old record against the contract's shape: the valid ones go on, each invalid one is
 * skipped with its old id and the first reason, and the rest of the page is written.
 */
export function parseEach<S extends z.ZodType>(kind: string, items: unknown[], schema: S): { records: z.output<S>[]; skipped: LegacyImportSkip[] } {
  const records: z.output<S>[] = [];
  const skipped: LegacyImportSkip[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) records.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      skipped.push({ kind, oldId: oldIdOf(item), reason: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'non valido'}` });
    }
  }
  return { records, skipped };
}
