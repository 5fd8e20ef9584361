import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { normalizeEmail, type UserRow } from '@/lib/auth/service';
import { AppError, forbidden } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';
import type { NewUser } from './validation';

function requireAdmin(tenant: Tenant) {
  if (!tenant.isAdmin) throw forbidden('Operazione riservata agli amministratori del campeggio.');
}

export async function listUsers(db: DbOrTx, tenant: Tenant): Promise<UserRow[]> {
  requireAdmin(tenant);
  return db.select().from(users).where(eq(users.campingId, tenant.campsiteId)).orderBy(asc(users.email));
}

/** An admin adds a colleague to their own campsite; the name starts as the e-mail (spec section 7). */
export async function createUser(db: DbOrTx, tenant: Tenant, input: NewUser): Promise<UserRow> {
  requireAdmin(tenant);
  if (input.camping && input.camping !== tenant.campsiteId) throw forbidden('Puoi creare utenti solo per il tuo campeggio.');
  const email = normalizeEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new AppError('conflict', 'Esiste già un utente con questa e-mail.');
  const [created] = await db
    .insert(users)
    .values({
      campingId: tenant.campsiteId,
      email,
      name: input.name || email,
      passwordHash: await hashPassword(input.password),
      isAdmin: input.isAdmin ?? false,
      packLevel: input.packLevel ?? 0,
    })
    .returning();
  return created;
}

/** A user may read their own parameters; an admin also those of colleagues of the same campsite. */
export async function getUserByEmail(db: DbOrTx, tenant: Tenant, emailInput: string): Promise<UserRow> {
  const email = normalizeEmail(emailInput);
  if (email !== tenant.email) requireAdmin(tenant);
  const [user] = await db.select().from(users).where(and(eq(users.email, email), eq(users.campingId, tenant.campsiteId)));
  if (!user) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}

/** A colleague of the same campsite (the legacy getUser, a contact's owner); another campsite's user is not found. */
export async function getCampsiteUser(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>, id: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.campingId, tenant.campsiteId)));
  if (!user) throw new AppError('not_found', 'Utente non trovato.');
  return user;
}
