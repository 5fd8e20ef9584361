import { and, asc, eq, sql } from 'drizzle-orm';
import { labelTranslations } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import type { CampsiteCtx, Ctx, StaffCtx } from '@/lib/context/unit-of-work';
import type { LabelNames, LabelTable } from '@/lib/i18n/label-names';
import { labelTranslationsSchema, type LabelTranslationInput } from './validation';

export type LabelTranslation = { source: string; names: LabelNames };

/** A campsite's translations, by Italian label; the settings name the campsite (the operator's may be another). */
export async function listLabelTranslations(ctx: Ctx, campsiteId: string): Promise<LabelTranslation[]> {
  return ctx.db
    .select({ source: labelTranslations.source, names: labelTranslations.names })
    .from(labelTranslations)
    .where(eq(labelTranslations.campingId, campsiteId))
    .orderBy(asc(labelTranslations.source))
    .limit(2000);
}

/** The unit of work's campsite's, as a lookup for the pricing. */
export async function labelTableOf(ctx: CampsiteCtx): Promise<LabelTable> {
  return new Map((await listLabelTranslations(ctx, ctx.campsiteId)).map((row) => [row.source, row.names]));
}

/**
 * Sets the guests' words for some Italian labels; a label left with no word at all is removed.
 * Quotes already priced keep the words they were priced with.
 */
export async function saveLabelTranslations(ctx: StaffCtx, { campsiteId, entries }: { campsiteId: string; entries: LabelTranslationInput[] }): Promise<LabelTranslation[]> {
  const parsed = labelTranslationsSchema.parse(entries);
  return ctx.db.transaction(async (tx) => {
    const saved: LabelTranslation[] = [];
    for (const entry of parsed) {
      const names = Object.fromEntries(Object.entries(entry.names).filter(([, value]) => value)) as LabelNames;
      const where = and(eq(labelTranslations.campingId, campsiteId), eq(labelTranslations.source, entry.source));
      const [before] = await tx.select({ names: labelTranslations.names }).from(labelTranslations).where(where);
      let after: LabelTranslation | undefined;
      if (Object.keys(names).length === 0) {
        await tx.delete(labelTranslations).where(where);
      } else {
        [after] = await tx
          .insert(labelTranslations)
          .values({ campingId: campsiteId, source: entry.source, names })
          .onConflictDoUpdate({ target: [labelTranslations.campingId, labelTranslations.source], set: { names, updatedAt: sql`now()` } })
          .returning({ source: labelTranslations.source, names: labelTranslations.names });
        saved.push(after!);
      }
      if (JSON.stringify(before?.names ?? null) === JSON.stringify(after?.names ?? null)) continue;
      await recordAudit({ ...ctx, db: tx }, {
        campsiteId,
        action: 'label_translation',
        entityId: campsiteId,
        summary: `Traduzione per gli ospiti di «${entry.source}» modificata`,
        before: before ? { names: before.names } : null,
        after: after ? { names: after.names } : null,
      });
    }
    return saved;
  });
}
