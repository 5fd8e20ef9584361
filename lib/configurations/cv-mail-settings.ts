import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { configurations } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { sanitizeHtml } from '@/lib/html/sanitize';
import type { z } from '@/lib/validation';
import { CV_MAIL_GROUP, cvMailSettingsSchema, type CvMailSettings } from './validation';

export const EMPTY_CV_MAIL_SETTINGS: CvMailSettings = { oggetto: '', firma: '', mittente: '' };

const firstRow = (db: DbOrTx, campsiteId: string) =>
  db
    .select()
    .from(configurations)
    .where(and(eq(configurations.campingId, campsiteId), eq(configurations.group, CV_MAIL_GROUP)))
    .orderBy(asc(configurations.createdAt), asc(configurations.id))
    .limit(1);

/** The CV mail settings of the campsite: the group's first row, read leniently (a legacy row may hold anything). */
export async function readCvMailSettings(ctx: CampsiteCtx): Promise<CvMailSettings> {
  const [row] = await firstRow(ctx.db, ctx.campsiteId);
  const option: Record<string, unknown> = row?.option ?? {};
  const read = (key: keyof CvMailSettings) => (typeof option[key] === 'string' ? (option[key] as string) : '');
  return { oggetto: read('oggetto'), firma: read('firma'), mittente: read('mittente') };
}

/**
 * Saves the group's first row (created when missing), keeping any other option it holds. Any user
 * of the campsite may: spec section 6 gives this page to the service accounts, which are not admins.
 */
export async function saveCvMailSettings(ctx: StaffCtx, input: z.input<typeof cvMailSettingsSchema>): Promise<CvMailSettings> {
  const parsed = cvMailSettingsSchema.parse(input);
  // The signature goes into every CV mail: stored clean, so no mail carries a script someone pasted.
  const settings = { ...parsed, firma: parsed.firma.trim() ? sanitizeHtml(parsed.firma).trim() : '' };
  const campsiteId = ctx.campsiteId;
  await ctx.db.transaction(async (tx) => {
    const [row] = await firstRow(tx, campsiteId).for('update');
    if (!row) {
      const [added] = await tx.insert(configurations).values({ campingId: campsiteId, group: CV_MAIL_GROUP, option: settings }).returning();
      await recordAudit({ ...ctx, db: tx }, { campsiteId, action: 'configuration.add', entityId: added.id, summary: `Configurazione «${CV_MAIL_GROUP}» aggiunta`, after: settings });
      return;
    }
    const before = { oggetto: row.option.oggetto, firma: row.option.firma, mittente: row.option.mittente };
    const diff = changedKeys(before, settings);
    if (Object.keys(diff.after).length === 0) return;
    await tx
      .update(configurations)
      .set({ option: { ...row.option, ...settings }, version: row.version + 1 })
      .where(and(eq(configurations.id, row.id), eq(configurations.campingId, campsiteId)));
    await recordAudit({ ...ctx, db: tx }, { campsiteId, action: 'configuration.edit', entityId: row.id, summary: `Configurazione «${CV_MAIL_GROUP}» modificata`, ...diff });
  });
  return settings;
}
