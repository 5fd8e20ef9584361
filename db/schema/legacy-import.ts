import { boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campsites } from './campsites';
import { id, timestampTz } from './columns';

/** What one kind of record did in an import: read from the old system, written, already equal, skipped. */
export type LegacyImportCounts = { read: number; written: number; unchanged: number; skipped: number };
/** Where an import stands in one kind: the old system's cursor of the next page, and whether the kind is done. */
export type LegacyImportCheckpoint = { cursor: string | null; page: number; done: boolean };
export type LegacyImportSkip = { kind: string; oldId: string; reason: string };

/**
 * An import from the old CRM into a campsite (lib/workflows/legacy-import): its checkpoint per kind
 * and page, so a killed run resumes where it stopped, and its report.
 */
export const legacyImports = pgTable(
  'legacy_imports',
  {
    id: id(),
    campingId: text('camping_id')
      .notNull()
      .references(() => campsites.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    /** The campsite's id in the old system. */
    sourceCampsiteId: text('source_campsite_id'),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    dryRun: boolean('dry_run').notNull().default(false),
    /** The kind being read now, for the progress bar. */
    currentKind: text('current_kind'),
    checkpoints: jsonb('checkpoints').$type<Record<string, LegacyImportCheckpoint>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, LegacyImportCounts>>().notNull().default({}),
    skipped: jsonb('skipped').$type<LegacyImportSkip[]>().notNull().default([]),
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    /**
     * The old CRM's login while a run started from the settings screen is queued or running,
     * sealed with lib/crypto/secret-box (never in clear, never in pg-boss's job table); cleared
     * when the run ends, done or failed.
     */
    secret: text('secret'),
    /** Started for «Nuovo, con l’id del vecchio CRM»: until the run has made that campsite, the row waits in the operator's own. */
    newCampsite: boolean('new_campsite').notNull().default(false),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [index('legacy_imports_camping_idx').on(t.campingId, t.startedAt)],
);

/**
 * Old id → id here, for the records whose old id could not be kept (not a valid id here, or taken
 * by another campsite's row). Guest links that name an old id are redirected through it.
 */
export const legacyIdMap = pgTable(
  'legacy_id_map',
  {
    campingId: text('camping_id')
      .notNull()
      .references(() => campsites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    oldId: text('old_id').notNull(),
    newId: text('new_id').notNull(),
  },
  (t) => [primaryKey({ name: 'legacy_id_map_pk', columns: [t.campingId, t.kind, t.oldId] }), index('legacy_id_map_old_idx').on(t.kind, t.oldId)],
);
