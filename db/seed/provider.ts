import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { campsiteLanguages, campsites, users } from '../schema';
import { hashPassword } from '../../lib/auth/passwords';
import { DEMO_LOGINS } from './logins';
import { ENGLISH, ITALIAN } from './people';

const UKRAINIAN = 7;

const OPERATOR = DEMO_LOGINS.find((login) => login.campsiteKey === 'provider')!;

/**
 * The provider's own campsite with its operator, who adds and edits campsites and posts product
 * updates. It holds no guests: it exists because every user belongs to exactly one campsite.
 */
export async function ensureProviderCampsite(db: Database): Promise<'created' | 'existing'> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, OPERATOR.email));
  if (found) return 'existing';
  const passwordHash = await hashPassword(OPERATOR.password);
  return db.transaction(async (tx) => {
    const [campsite] = await tx.insert(campsites).values({ name: OPERATOR.campsite }).returning({ id: campsites.id });
    await tx.insert(campsiteLanguages).values([
      { campingId: campsite.id, languageId: ITALIAN, phonePrefix: '+39', position: 0 },
      { campingId: campsite.id, languageId: ENGLISH, phonePrefix: '+44', position: 1 },
      { campingId: campsite.id, languageId: UKRAINIAN, phonePrefix: '+380', position: 2 },
    ]);
    await tx.insert(users).values({
      campingId: campsite.id,
      email: OPERATOR.email,
      passwordHash,
      name: OPERATOR.name,
      isAdmin: true,
      isOperator: true,
      packLevel: OPERATOR.packLevel,
    });
    return 'created' as const;
  });
}
