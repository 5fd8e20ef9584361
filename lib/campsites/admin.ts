import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsiteLanguages, campsites, contacts, images, mailTraces, quotes, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { hashPassword } from '@/lib/auth/passwords';
import { adminCampsiteScope, requireAdmin, requireOperator } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { decodeCursor, toPage, type Page } from '@/lib/pagination';
import { escapeLike } from '@/lib/search';
import type { Tenant } from '@/lib/tenant';
import type { NewCampsite } from './admin-validation';
import { DEFAULT_CONTACT_FORM_FIELDS, DEFAULT_LANGUAGES, DEFAULT_OCCUPANCY_SCALE, DEFAULT_OPENING_HOURS } from './defaults';
import type { CampsiteRow } from './service';

type Actor = Pick<Tenant, 'campsiteId' | 'userId' | 'email' | 'isAdmin' | 'isOperator'>;

export const CAMPSITE_PAGE_SIZE = 50;

/**
 * The campsites the caller may see: every one for the operator (by name, searchable, paged by
 * (name, id)), only their own for a campsite admin. The list is small (one row per customer),
 * so the name search needs no index of its own.
 */
export async function listCampsites(db: DbOrTx, tenant: Actor, options: { search?: string; cursor?: string } = {}): Promise<Page<CampsiteRow>> {
  requireAdmin(tenant);
  if (!tenant.isOperator) {
    const own = await db.select().from(campsites).where(eq(campsites.id, tenant.campsiteId));
    return { items: own, nextCursor: null };
  }
  const after = decodeCursor(options.cursor, 2);
  const rows = await db
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
export async function getManagedCampsite(db: DbOrTx, tenant: Actor, campsiteId: string): Promise<CampsiteRow> {
  const id = adminCampsiteScope(tenant, campsiteId);
  const [row] = await db.select().from(campsites).where(eq(campsites.id, id));
  if (!row) throw new AppError('not_found', 'Campeggio non trovato.');
  return row;
}

/** Adds a campsite with its defaults and its first admin, in one transaction, audited in the new campsite. */
export async function createCampsite(db: DbOrTx, tenant: Actor, input: NewCampsite): Promise<{ campsite: CampsiteRow; adminUserId: string }> {
  requireOperator(tenant);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
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
    await recordAudit(tx, tenant, {
      campsiteId: campsite.id,
      action: 'campsite.create',
      entityId: campsite.id,
      summary: `Campeggio «${campsite.name}» creato con l’amministratore ${input.email}`,
      after: { name: campsite.name, lucee: campsite.lucee, urlToCV: campsite.urlToCv, platformCampId: campsite.platformCampId, admin: input.email },
    });
    return { campsite, adminUserId: admin.id };
  });
}

export type CampsiteDeletionSummary = { id: string; name: string; contacts: number; quotes: number; mails: number; images: number; users: number };

const countOf = (table: typeof contacts | typeof quotes | typeof mailTraces | typeof images | typeof users, campsiteId: string) =>
  sql<number>`(select ${count()} from ${table} where ${table.campingId} = ${campsiteId})`.mapWith(Number);

/** What goes with a campsite when it is deleted, shown before the operator confirms. */
export async function campsiteDeletionSummary(db: DbOrTx, tenant: Actor, campsiteId: string): Promise<CampsiteDeletionSummary> {
  requireOperator(tenant);
  const [row] = await db
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
export async function deleteCampsite(db: DbOrTx, tenant: Actor, input: { id: string; confirmName: string }): Promise<CampsiteDeletionSummary> {
  requireOperator(tenant);
  if (input.id === tenant.campsiteId) throw new AppError('conflict', 'Non puoi eliminare il campeggio del fornitore in cui lavori.');
  return db.transaction(async (tx) => {
    const summary = await campsiteDeletionSummary(tx, tenant, input.id);
    if (input.confirmName.trim() !== summary.name.trim()) {
      throw new AppError('bad_request', 'Il nome scritto non corrisponde a quello del campeggio: niente è stato eliminato.');
    }
    const [operator] = await tx.select({ id: users.id }).from(users).where(and(eq(users.campingId, input.id), eq(users.isOperator, true))).limit(1);
    if (operator) throw new AppError('conflict', 'Questo campeggio ospita operatori del fornitore: non si può eliminare.');
    await tx.delete(campsites).where(eq(campsites.id, input.id));
    const { id, name, ...counts } = summary;
    await recordAudit(tx, tenant, {
      campsiteId: tenant.campsiteId,
      action: 'campsite.delete',
      entityId: id,
      summary: `Campeggio «${name}» eliminato con ${counts.contacts} contatti, ${counts.quotes} preventivi, ${counts.mails} e-mail, ${counts.images} immagini e ${counts.users} utenti`,
      before: { name, ...counts },
    });
    return summary;
  });
}
