import { eq } from 'drizzle-orm';
import { getDb, type Database } from '@/db/client';
import { campsites, legacyImports } from '@/db/schema';
import { getBoss, oncePerBoss } from '@/lib/jobs/boss';
import { QUEUES, type LegacyImportJob } from '@/lib/jobs/queues';
import { declareLegacyImportQueue } from '@/lib/legacy-import-runs/queue';
import { openImportSecret } from '@/lib/legacy-import-runs/secret';
import { env } from '@/lib/env';
import { connectLegacy, LegacyImportError } from './client';
import { assertPublicHost } from './public-address';
import type { LegacyKind } from './kind';
import { runLegacyImport } from './run';
import { logger } from '@/lib/ops/logger.mjs';

/** Imports one process runs at once: each is paced for the old CRM and writes page by page. */
const IMPORT_CONCURRENCY = 1;

export type LegacyImportOutcome = { esito: 'conclusa' | 'non riuscita' | 'già conclusa' | 'non trovata'; importazione: string };

/** Where the run of a row ends, done or failed: the login goes with it. */
const forget = (db: Database, importId: string, failure?: string) =>
  db
    .update(legacyImports)
    .set({ secret: null, updatedAt: new Date(), ...(failure === undefined ? {} : { status: 'failed' as const, error: failure.slice(0, 2000) }) })
    .where(eq(legacyImports.id, importId));

/**
 * One queued import: opens the sealed login, logs in on the old CRM and runs the import on the
 * row the screen made. A job that pg-boss hands out again (its worker died) resumes from the row's
 * checkpoints; a run that fails is not retried (the row says why, «Riprendi» asks for the login).
 */
export async function workLegacyImport(db: Database, job: LegacyImportJob, options: { kinds?: readonly LegacyKind[] } = {}): Promise<LegacyImportOutcome> {
  const [row] = await db.select().from(legacyImports).where(eq(legacyImports.id, job.importId));
  if (!row) return { esito: 'non trovata', importazione: job.importId };
  if (row.status !== 'running') return { esito: 'già conclusa', importazione: row.id };
  const login = openImportSecret(row.secret);
  if (!login) {
    await forget(db, row.id, 'Le credenziali del vecchio CRM non sono più leggibili: premi «Riprendi» e inseriscile di nuovo.');
    return { esito: 'non riuscita', importazione: row.id };
  }
  let oldCampsiteId: string | null = null;
  try {
    // The screen makes this server fetch what the operator typed: its own networks stay out unless configured.
    const guarded = !env().LEGACY_IMPORT_PRIVATE_ADDRESSES;
    if (guarded) await assertPublicHost(row.sourceUrl);
    const client = await connectLegacy({ baseUrl: row.sourceUrl, email: login.email, password: login.password, refuseRedirects: guarded });
    oldCampsiteId = client.session.campsiteId;
    // From here the row names the old campsite: a failure is no longer the form's to fix.
    await db.update(legacyImports).set({ sourceCampsiteId: oldCampsiteId, updatedAt: new Date() }).where(eq(legacyImports.id, row.id));
    await runLegacyImport(db, { client, sourceUrl: row.sourceUrl, campsiteId: row.newCampsite ? undefined : row.campingId, dryRun: row.dryRun, importId: row.id, kinds: options.kinds });
    await forget(db, row.id);
    return { esito: 'conclusa', importazione: row.id };
  } catch (error) {
    // runLegacyImport marks its own failures; a login refused never reached it.
    const message = error instanceof LegacyImportError ? error.message : `Importazione interrotta: ${error instanceof Error ? error.message : String(error)}`;
    await forget(db, row.id, message);
    if (!(error instanceof LegacyImportError)) logger.error({ err: error }, 'Importazione dal vecchio CRM interrotta');
    return { esito: 'non riuscita', importazione: row.id };
  } finally {
    if (row.newCampsite && oldCampsiteId) await moveToNewCampsite(db, row.id, oldCampsiteId);
  }
}

/** A run for «Nuovo, con l’id del vecchio CRM» made that campsite (unless a dry run): its row moves there from the operator's. */
async function moveToNewCampsite(db: Database, importId: string, campsiteId: string) {
  const [made] = await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, campsiteId));
  if (made) await db.update(legacyImports).set({ campingId: campsiteId }).where(eq(legacyImports.id, importId));
}

/** Works the imports queued from the settings screen, in the server (instrumentation.ts) or `npm run worker`; once per pg-boss. */
export async function startLegacyImportWorker(): Promise<void> {
  const boss = await getBoss();
  await oncePerBoss(boss, 'legacy-import-worker', async () => {
    await declareLegacyImportQueue();
    await boss.work<LegacyImportJob>(QUEUES.legacyImport, { batchSize: 1, localConcurrency: IMPORT_CONCURRENCY, pollingIntervalSeconds: 2 }, async ([job]) =>
      workLegacyImport(getDb(), job.data),
    );
  });
}
