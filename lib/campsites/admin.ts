import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { campsiteLanguages, campsites, contacts, images, mailTraces, quotes, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { hashPassword } from '@/lib/auth/passwords';
import { adminCampsiteScope, requireAdmin, requireOperator } from '@/lib/auth/roles';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { decodeCursor, toPage, type Page } from '@/lib/pagination';
import { escapeLike } from '@/lib/search';
import type { NewCampsite } from './admin-validation';
import { DEFAULT_CONTACT_FORM_FIELDS, DEFAULT_LANGUAGES, DEFAULT_OCCUPANCY_SCALE, DEFAULT_OPENING_HOURS } from './defaults';
import type { CampsiteRow } from './service';

export const CAMPSITE_PAGE_SIZE = 50;

/**
 * The campsites the caller may see: every one for the operator (by name, searchable, paged by
 * (name, id)), only their own for a campsite admin. The list is small (one row per customer),
 * so the name search needs no index of its own.
 */
export async function listCampsites(ctx: StaffCtx, options: { search?: string; cursor?: string } = {}): Promise<Page<CampsiteRow>> {
  requireAdmin(ctx.tenant);
  if (!ctx.tenant.isOperator) {
    const own = await ctx.db.select().from(campsites).where(eq(campsites.id, ctx.campsiteId));
    return { items: own, nextCursor: null };
  }
  const after = decodeCursor(options.cursor, 2);
  const rows = await ctx.db
    .select()
    .from(campsites)
    .where(
      and(
        options.search ? ilike(campsites.name, `%${escapeLike(options.search)}%`) : undefined,
        after ? sql`(${campsites.name}, ${campsites.id}) > (${String(after[0])}, ${String(after[1])})` : undefined,
      ),
    )
    .orderBy(asc(campsites.name), asc(campsites.id))
    .limit(CAMPSITE_PAGE_SIZE + 1);
  return toPage(rows, CAMPSITE_PAGE_SIZE, (row) => [row.name, row.id]);
}

/** One campsite the caller may manage: the operator any, an admin their own (404 for another). */
export async function getManagedCampsite(ctx: StaffCtx, campsiteId: string): Promise<CampsiteRow> {
  const id = adminCampsiteScope(ctx.tenant, campsiteId);
  const [row] = await ctx.db.select().from(campsites).where(eq(campsites.id, id));
  if (!row) throw new AppError('not_found', 'Campeggio non trovato.');
  return row;
}

/** Adds a campsite with its defaults and its first admin, in one transaction, audited in the new campsite. */
export async function createCampsite(ctx: StaffCtx, input: NewCampsite): Promise<{ campsite: CampsiteRow; adminUserId: string }> {
  requireOperator(ctx.tenant);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw new AppError('conflict', 'Esiste già un utente con questa e-mail: scegline un’altra per l’amministratore.');
    const [campsite] = await tx
      .insert(campsites)
      .values({
        name: input.name,
        lucee: input.lucee,
        urlToCv: input.urlToCV,
        platformCampId: input.platformCampId,
        openingHours: DEFAULT_OPENING_HOURS,
        occupancyScale: DEFAULT_OCCUPANCY_SCALE,
        contactFormFields: DEFAULT_CONTACT_FORM_FIELDS,
      })
      .returning();
    await tx.insert(campsiteLanguages).values(DEFAULT_LANGUAGES.map((language, position) => ({ ...language, campingId: campsite.id, position })));
    const [admin] = await tx
      .insert(users)
      .values({ campingId: campsite.id, email: input.email, name: input.email, passwordHash, isAdmin: true, packLevel: 10 })
      .returning({ id: users.id });
    await recordAudit({ ...ctx, db: tx }, {
      campsiteId: campsite.id,
      action: 'campsite.create',
      entityId: campsite.id,
      summary: `Campeggio «${campsite.name}» creato con l’amministratore ${input.email}`,
      after: { name: campsite.name, lucee: campsite.lucee, urlToCv: campsite.urlToCv, platformCampId: campsite.platformCampId, admin: input.email },
    });
    return { campsite, adminUserId: admin.id };
  });
}

/** «1 utente», «2 utenti». */
const countOfWords = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export type CampsiteDeletionSummary = { id: string; name: string; contacts: number; quotes: number; mails: number; images: number; users: number };

const countOf = (table: typeof contacts | typeof quotes | typeof mailTraces | typeof images | typeof users, campsiteId: string) =>
  sql<number>`(select ${count()} from ${table} where ${table.campingId} = ${campsiteId})`.mapWith(Number);

/** What goes with a campsite when it is deleted, shown before the operator confirms. */
export async function campsiteDeletionSummary(ctx: StaffCtx, campsiteId: string): Promise<CampsiteDeletionSummary> {
  requireOperator(ctx.tenant);
  const [row] = await ctx.db
    .select({
      id: campsites.id,
      name: campsites.name,
      contacts: countOf(contacts, campsiteId),
      quotes: countOf(quotes, campsiteId),
      mails: countOf(mailTraces, campsiteId),
      images: countOf(images, campsiteId),
      users: countOf(users, campsiteId),
    })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  if (!row) throw new AppError('not_found', 'Campeggio non trovato.');
  return row;
}

/**
 * Deletes a campsite and, by the cascading keys, every row of it and nothing else. The typed
 * name must match; the provider's own campsite (where operators live) cannot go. The audit
 * entry goes to the operator's campsite: the deleted one's log goes with it.
 */
export async function deleteCampsite(ctx: StaffCtx, input: { id: string; confirmName: string }): Promise<CampsiteDeletionSummary> {
  requireOperator(ctx.tenant);
  if (input.id === ctx.campsiteId) throw new AppError('conflict', 'Non puoi eliminare il campeggio del fornitore in cui lavori.');
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const summary = await campsiteDeletionSummary(inTx, input.id);
    if (input.confirmName.trim() !== summary.name.trim()) {
      throw new AppError('bad_request', 'Il nome scritto non corrisponde a quello del campeggio: niente è stato eliminato.');
    }
    const [operator] = await tx.select({ id: users.id }).from(users).where(and(eq(users.campingId, input.id), eq(users.isOperator, true))).limit(1);
    if (operator) throw new AppError('conflict', 'Questo campeggio ospita operatori del fornitore: non si può eliminare.');
    await tx.delete(campsites).where(eq(campsites.id, input.id));
    const { id, name, ...counts } = summary;
    await recordAudit(inTx, {
      campsiteId: ctx.campsiteId,
      action: 'campsite.delete',
      entityId: id,
      summary: `Campeggio «${name}» eliminato con ${countOfWords(counts.contacts, 'contatto', 'contatti')}, ${countOfWords(counts.quotes, 'preventivo', 'preventivi')}, ${countOfWords(counts.mails, 'e-mail', 'e-mail')}, ${countOfWords(counts.images, 'immagine', 'immagini')} e ${countOfWords(counts.users, 'utente', 'utenti')}`,
      before: { name, ...counts },
    });
    return summary;
  });
}
