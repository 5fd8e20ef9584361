import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { campsites, legacyImports, users } from '@/db/schema';
import { noPasswordHash } from '@/lib/auth/passwords';
import { requireOperator } from '@/lib/auth/roles';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { enqueueLegacyImport } from './queue';
import { sealImportSecret } from './secret';
import { NEW_CAMPSITE, type ResumeImport, type StartImport } from './validation';
import { loginErrorField, type ImportReportView, type LegacyImportView } from './view';
import { logger } from '@/lib/ops/logger.mjs';

/**
 * A running import writes its row at every page; one silent this long was left by a process that
 * died (a killed command, a job pg-boss gave up on): it no longer blocks a start, and «Riprendi» takes it.
 */
const ABANDONED_MS = 15 * 60_000;
const ABANDONED_AFTER = '15 minutes';
const isAbandoned = (row: { status: string; updatedAt: Date }) => row.status === 'running' && row.updatedAt.getTime() < Date.now() - ABANDONED_MS;

/** Imports the screen lists: the latest, a handful a month at most. */
export const RECENT_IMPORTS = 20;

type Row = typeof legacyImports.$inferSelect;

const toView = (row: Row, campsiteName: string, usersWithoutPassword: number | null = null): LegacyImportView => ({
  id: row.id,
  campsiteId: row.campingId,
  campsiteName,
  sourceUrl: row.sourceUrl,
  sourceCampsiteId: row.sourceCampsiteId,
  // A run abandoned by its process shows as stopped, with «Riprendi».
  status: isAbandoned(row) ? 'failed' : row.status,
  dryRun: row.dryRun,
  newCampsite: row.newCampsite,
  currentKind: row.currentKind,
  checkpoints: row.checkpoints,
  counts: row.counts,
  report: (row.report as ImportReportView | null) ?? null,
  error: isAbandoned(row) ? 'Importazione interrotta: nessun avanzamento da 15 minuti (il processo che la eseguiva si è fermato). Premi «Riprendi».' : row.error,
  loginError: row.status === 'failed' && row.sourceCampsiteId === null ? loginErrorField(row.error) : null,
  usersWithoutPassword,
  startedAt: row.startedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** Queues the run once the row is saved; a queue that cannot take it fails the run, with the reason on the row. */
function queueAfterCommit(ctx: StaffCtx, campsiteId: string, importId: string) {
  // Scripts and tests have no worker to wake: they call the job's function themselves.
  if (!process.env.NEXT_RUNTIME) return;
  ctx.afterCommit(async () => {
    try {
      await enqueueLegacyImport({ campsiteId, importId });
    } catch (error) {
      logger.error({ err: error }, 'Importazione dal vecchio CRM non accodata');
      await ctx.db
        .update(legacyImports)
        .set({ status: 'failed', secret: null, error: 'La coda dei lavori non ha accettato l’importazione: riprova tra poco.', updatedAt: new Date() })
        .where(eq(legacyImports.id, importId));
    }
  });
}

/** Refuses a second run in the campsite while one is running; the campsite's row is locked so two starts cannot both pass. */
async function refuseRunning(tx: StaffCtx['db'], campsiteId: string, except?: string) {
  const [campsite] = await tx.select({ id: campsites.id, name: campsites.name }).from(campsites).where(eq(campsites.id, campsiteId)).for('update');
  if (!campsite) throw new AppError('not_found', 'Il campeggio di destinazione non esiste più: scegline un altro.', { field: 'campsiteId' });
  const running = await tx
    .select({ id: legacyImports.id })
    .from(legacyImports)
    .where(and(eq(legacyImports.campingId, campsiteId), eq(legacyImports.status, 'running'), sql`${legacyImports.updatedAt} > now() - ${ABANDONED_AFTER}::interval`));
  if (running.some((row) => row.id !== except)) {
    throw new AppError('conflict', `È già in corso un’importazione nel campeggio «${campsite.name}»: attendi che finisca, poi avviane un’altra.`);
  }
}

/**
 * «Importa dal vecchio CRM»: the import's row with the old CRM's login sealed on it, then a job
 * that logs in and runs it (lib/legacy-import/job.ts). A new campsite under the old id does not
 * exist before the job has read the old id: its row waits in the operator's own campsite.
 */
export async function startLegacyImport(ctx: StaffCtx, input: StartImport): Promise<{ importId: string }> {
  requireOperator(ctx.tenant);
  const newCampsite = input.campsiteId === NEW_CAMPSITE;
  const campsiteId = newCampsite ? ctx.tenant.campsiteId : input.campsiteId;
  const importId = await ctx.db.transaction(async (tx) => {
    await refuseRunning(tx, campsiteId);
    const [row] = await tx
      .insert(legacyImports)
      .values({ campingId: campsiteId, sourceUrl: input.sourceUrl, dryRun: input.dryRun, newCampsite, secret: sealImportSecret({ email: input.email, password: input.password }) })
      .returning({ id: legacyImports.id });
    return row.id;
  });
  queueAfterCommit(ctx, campsiteId, importId);
  return { importId };
}

/** «Riprendi» a failed run: the login again (a run that ended keeps none), then the same job, from its checkpoints. */
export async function resumeLegacyImport(ctx: StaffCtx, input: ResumeImport): Promise<{ importId: string }> {
  requireOperator(ctx.tenant);
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(legacyImports).where(eq(legacyImports.id, input.importId));
    if (!found) throw new AppError('not_found', 'Importazione non trovata.');
    if (found.status !== 'failed' && !isAbandoned(found)) throw new AppError('conflict', found.status === 'running' ? 'L’importazione è già in corso.' : 'L’importazione è già conclusa: avviane una nuova per leggere le novità.');
    await refuseRunning(tx, found.campingId, found.id);
    await tx
      .update(legacyImports)
      .set({ status: 'running', error: null, secret: sealImportSecret({ email: input.email, password: input.password }), updatedAt: new Date() })
      .where(eq(legacyImports.id, found.id));
    return found;
  });
  queueAfterCommit(ctx, row.campingId, row.id);
  return { importId: row.id };
}

/** One import, for the progress view that polls it. */
export async function readLegacyImport(ctx: StaffCtx, importId: string): Promise<LegacyImportView> {
  requireOperator(ctx.tenant);
  const [found] = await ctx.db
    .select({ row: legacyImports, name: campsites.name })
    .from(legacyImports)
    .innerJoin(campsites, eq(campsites.id, legacyImports.campingId))
    .where(eq(legacyImports.id, importId));
  if (!found) throw new AppError('not_found', 'Importazione non trovata.');
  const finished = found.row.status === 'done' && !found.row.dryRun;
  return toView(found.row, found.name, finished ? await countUsersWithoutPassword(ctx, found.row.campingId) : null);
}

/** The destination's users who have never chosen a password: those an import brought over, until they use their invitation. */
async function countUsersWithoutPassword(ctx: StaffCtx, campsiteId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ waiting: count() })
    .from(users)
    .where(and(eq(users.campingId, campsiteId), like(users.passwordHash, `${noPasswordHash()}%`)));
  return row?.waiting ?? 0;
}

/** The latest imports of every campsite, newest first. */
export async function listLegacyImports(ctx: StaffCtx): Promise<LegacyImportView[]> {
  requireOperator(ctx.tenant);
  const rows = await ctx.db
    .select({ row: legacyImports, name: campsites.name })
    .from(legacyImports)
    .innerJoin(campsites, eq(campsites.id, legacyImports.campingId))
    .orderBy(desc(legacyImports.startedAt), desc(legacyImports.id))
    .limit(RECENT_IMPORTS);
  return rows.map(({ row, name }) => toView(row, name));
}

/** The campsites an import may write into, by name (the operator's destination list). */
export async function importDestinations(ctx: StaffCtx): Promise<{ id: string; name: string }[]> {
  requireOperator(ctx.tenant);
  return ctx.db.select({ id: campsites.id, name: campsites.name }).from(campsites).orderBy(sql`lower(${campsites.name})`, campsites.id).limit(1000);
}
