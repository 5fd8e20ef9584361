import { randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { campsites, users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import type { Tenant } from '@/lib/tenant';

const unique = () => randomBytes(6).toString('hex');

export async function makeCampsite(db: Database, values: Partial<typeof campsites.$inferInsert> = {}) {
  const [campsite] = await db
    .insert(campsites)
    .values({ name: `Campeggio di prova ${unique()}`, ...values })
    .returning();
  return campsite;
}

export const TEST_PASSWORD = 'Password-di-prova-1!';

export async function makeUser(db: Database, campingId: string, values: Partial<typeof users.$inferInsert> = {}) {
  const email = values.email ?? `utente-${unique()}@prova.test`;
  const [user] = await db
    .insert(users)
    .values({ campingId, email, name: email, passwordHash: await hashPassword(TEST_PASSWORD), packLevel: 10, ...values })
    .returning();
  return user;
}

export function tenantOf(user: typeof users.$inferSelect, sessionId = 'sessione-di-prova'): Tenant {
  return { campsiteId: user.campingId, userId: user.id, email: user.email, isAdmin: user.isAdmin, isOperator: user.isOperator, packLevel: user.packLevel, sessionId };
}
