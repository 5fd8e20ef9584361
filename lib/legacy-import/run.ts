import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsites, legacyIdMap, legacyImports, type LegacyImportCheckpoint, type LegacyImportCounts, type LegacyImportSkip } from '@/db/schema';
import { invalidateOutsideRequest } from '@/lib/cache/remote-invalidation';
import { cacheTags } from '@/lib/cache/tags';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { z } from '@/lib/validation';
import type { LegacyClient } from './client';
import { LegacyImportError } from './client';
import { IdMap } from './ids';
import type { ImportCtx, LegacyKind } from './kind';
import { LEGACY_KINDS } from './kinds';
import { verifyImport, type VerificationReport } from './verify';

export const IMPORT_JOB = 'legacy-import';
/** Skips kept on the import's row; the report counts them all. */
const SKIPS_KEPT = 1000;

/** Where a run stands: the kind (n of all, for the bar), its page, its counts so far. */
export type ImportProgress = { kind: string; label: string; kindIndex: number; kindCount: number; page: number; counts: LegacyImportCounts; calls: number };

export type ImportOptions = {
  client: LegacyClient;
  sourceUrl: string;
  /** The campsite to write into; by default the old campsite's own id, created here if missing. */
  campsiteId?: string;
  dryRun?: boolean;
  kinds?: readonly LegacyKind[];
  /** Records sampled per kind for the field-by-field comparison. */
  samples?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** The import's row made beforehand (the settings screen's job); without it one unfinished is resumed or one is made here. */
  importId?: string;
};

export type ImportResult = { importId: string; campsiteId: string; resumed: boolean; report: VerificationReport };

const zero = (): LegacyImportCounts => ({ read: 0, written: 0, unchanged: 0, skipped: 0 });

/** The campsite that receives the import: the one named, or the old campsite under its old id. */
async function targetCampsite(db: Database, client: LegacyClient, wanted: string | undefined, dryRun: boolean): Promise<{ id: string; exists: boolean }> {
  const oldId = client.session.campsiteId;
  if (wanted) {
    const [found] = await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, wanted));
    if (!found) throw new LegacyImportError(`Il campeggio ${wanted} non esiste in questo CRM: crealo prima, o ometti --campsite per crearlo con l’id del vecchio CRM.`);
    if (wanted !== oldId && !dryRun) {
      // Old contact-form and unsubscribe links name the old campsite: they are redirected here.
      await db.insert(legacyIdMap).values({ campingId: wanted, kind: 'campeggio', oldId, newId: wanted }).onConflictDoNothing();
    }
    return { id: wanted, exists: true };
  }
  const [existing] = await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, oldId));
  if (existing || dryRun) return { id: oldId, exists: Boolean(existing) };
  const old = await client.json('POST', `/getCamping/${encodeURIComponent(oldId)}`, campsiteName);
  await db.insert(campsites).values({ id: oldId, name: old.name }).onConflictDoNothing();
  return { id: oldId, exists: true };
}

const campsiteName = z.object({ name: z.string().min(1) }).loose();

/**
 * Imports the old CRM's records into a campsite, kind after kind, page after page, each page in one
 * transaction together with its checkpoint: a run killed at any moment resumes at the page after
 * the last one written, and every write is idempotent by old id, so a run again changes nothing
 * that is already equal. A dry run reads and checks everything and writes only its report.
 */
export async function runLegacyImport(db: Database, options: ImportOptions): Promise<ImportResult> {
  const { client } = options;
  const dryRun = options.dryRun ?? false;
  const kinds = options.kinds ?? LEGACY_KINDS;
  const target = await targetCampsite(db, client, options.campsiteId, dryRun);
  const campsiteId = target.id;
  // A dry run of a campsite not created yet has nowhere to keep its row: its report is only answered.
  const stored = Boolean(options.importId) || target.exists || !dryRun;

  const [unfinished] = options.importId
    ? await db.select().from(legacyImports).where(eq(legacyImports.id, options.importId))
    : dryRun
    ? []
    : await db
        .select()
        .from(legacyImports)
        .where(and(eq(legacyImports.campingId, campsiteId), eq(legacyImports.sourceUrl, options.sourceUrl), eq(legacyImports.dryRun, false), inArray(legacyImports.status, ['running', 'failed'])))
        .orderBy(desc(legacyImports.startedAt))
        .limit(1);
  if (options.importId && !unfinished) throw new LegacyImportError(`Importazione ${options.importId} non trovata.`);
  const fresh = { campingId: campsiteId, sourceUrl: options.sourceUrl, sourceCampsiteId: client.session.campsiteId, dryRun };
  const [run] = unfinished
    ? [unfinished]
    : stored
      ? await db.insert(legacyImports).values(fresh).returning()
      : [{ ...fresh, id: '', checkpoints: {}, counts: {}, skipped: [] as LegacyImportSkip[] }];
  const saveRun = async (handle: Database, values: Partial<typeof legacyImports.$inferInsert>) => {
    if (stored) await handle.update(legacyImports).set({ ...values, updatedAt: new Date() }).where(eq(legacyImports.id, run.id));
  };
  if (unfinished) await saveRun(db, { status: 'running', error: null });

  const checkpoints: Record<string, LegacyImportCheckpoint> = { ...run.checkpoints };
  const counts: Record<string, LegacyImportCounts> = { ...run.counts };
  const skipped: LegacyImportSkip[] = [...run.skipped];
  const ids = new IdMap(campsiteId, dryRun);
  const samples = new Map<string, Sample>();

  try {
    for (const [kindIndex, kind] of kinds.entries()) {
      const from = checkpoints[kind.name] ?? { cursor: null, page: 0, done: false };
      if (from.done) continue;
      const tally = (counts[kind.name] ??= zero());
      let page = from.page;
      for await (const { items, cursor } of kind.pages(client, from)) {
        page++;
        const outcome = await db.transaction(async (tx) => {
          const ctx: ImportCtx = { ...campsiteContext({ kind: 'job', campsiteId, job: IMPORT_JOB }, tx), ids, dryRun };
          const written = await kind.write(ctx, items);
          tally.read += items.length;
          tally.written += written.written;
          tally.unchanged += written.unchanged;
          tally.skipped += written.skipped.length;
          skipped.push(...written.skipped);
          checkpoints[kind.name] = { cursor, page, done: cursor === null };
          await saveRun(tx, { checkpoints, counts, skipped: skipped.slice(0, SKIPS_KEPT), currentKind: kind.name });
          return written;
        });
        rememberSample(samples, kind.name, items, outcome.skipped, options.samples ?? 50);
        options.onProgress?.({ kind: kind.name, label: kind.label, kindIndex, kindCount: kinds.length, page, counts: { ...tally }, calls: client.calls });
      }
      checkpoints[kind.name] = { ...(checkpoints[kind.name] ?? { cursor: null, page }), done: true };
      await saveRun(db, { checkpoints });
    }
    const written = Object.values(counts).reduce((sum, tally) => sum + tally.written, 0);
    // The guests' cached pages of this campsite (mini-sites, forms) show what was written, at once.
    if (written > 0) await invalidateOutsideRequest([cacheTags.campsite(campsiteId)]);
    // Fresh statistics for the planner: after 200,000 new contacts the old ones made a list of
    // them read 381 s instead of 30 s until autovacuum came by. Only the tables' owner may.
    if (written >= 1000) await db.execute(sql`analyze contacts, quotes, quote_cards, list_memberships`).catch(() => undefined);
    const report = await verifyImport(db, { client, campsiteId, kinds, counts, skipped, samples: new Map([...samples].map(([kind, sample]) => [kind, sample.ids])), ids, dryRun });
    await saveRun(db, { status: 'done', report, currentKind: null, finishedAt: new Date() });
    return { importId: run.id, campsiteId, resumed: Boolean(unfinished && Object.keys(unfinished.checkpoints).length), report };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveRun(db, { status: 'failed', error: message.slice(0, 2000) });
    throw error;
  }
}

/** The old ids kept per kind for the field-by-field check, and how many valid ones the run offered. */
type Sample = { ids: string[]; seen: number };

/** Keeps up to `wanted` old ids per kind, spread over the whole run (reservoir sampling). */
function rememberSample(samples: Map<string, Sample>, kind: string, items: unknown[], skipped: LegacyImportSkip[], wanted: number) {
  const bad = new Set(skipped.map((skip) => skip.oldId));
  let sample = samples.get(kind);
  if (!sample) samples.set(kind, (sample = { ids: [], seen: 0 }));
  for (const item of items) {
    const id = item && typeof item === 'object' && '_id' in item ? String((item as { _id: unknown })._id) : null;
    if (!id || bad.has(id)) continue;
    sample.seen++;
    if (sample.ids.length < wanted) sample.ids.push(id);
    else {
      const slot = Math.floor(Math.random() * sample.seen);
      if (slot < wanted) sample.ids[slot] = id;
    }
  }
}
