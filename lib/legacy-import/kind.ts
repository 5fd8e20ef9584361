import type { Database } from '@/db/client';
import type { LegacyImportCheckpoint, LegacyImportSkip } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { LegacyClient } from './client';
import type { IdMap } from './ids';

/** One page of old records, and the cursor that reads the page after it (null: the last page). */
export type LegacyPage = { items: unknown[]; cursor: string | null };

/** What a page's write did: records written (new or changed), already equal, skipped with their reason. */
export type PageOutcome = { written: number; unchanged: number; skipped: LegacyImportSkip[] };

/** The unit of work of one page: the campsite's walled handle inside the page's transaction, and the ids met so far. */
export type ImportCtx = CampsiteCtx & { readonly ids: IdMap; readonly dryRun: boolean };

/**
 * One kind of record the old CRM holds (contacts, quotes…): how to read it page by page with the old
 * system's own paging, and how to write a page here, idempotent by old id. Kinds run in the order of
 * LEGACY_KINDS, so a record's references (a quote's contact) are written before it.
 */
export type LegacyKind = {
  readonly name: string;
  /** Italian, for the progress bar and the report. */
  readonly label: string;
  pages(client: LegacyClient, from: LegacyImportCheckpoint): AsyncGenerator<LegacyPage>;
  write(ctx: ImportCtx, items: unknown[]): Promise<PageOutcome>;
  /** How many records the campsite holds here, for the report. */
  countHere(db: Database, campsiteId: string): Promise<number>;
  /** A record here as the old system would show it, to compare a sample field by field; null when absent. */
  showHere?(ctx: ImportCtx, oldId: string): Promise<Record<string, unknown> | null>;
  /** The same record read again from the old system, for the comparison. */
  showThere?(client: LegacyClient, oldId: string): Promise<Record<string, unknown> | null>;
};
