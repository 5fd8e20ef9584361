import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsites } from '@/db/schema';
import { AppError } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';

export type CampsiteRow = typeof campsites.$inferSelect;

export async function getOwnCampsite(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>): Promise<CampsiteRow> {
  const [campsite] = await db.select().from(campsites).where(eq(campsites.id, tenant.campsiteId));
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');
  return campsite;
}

/** The mailing-list menu appears only with both provider credentials (spec section 2). */
export function hasMailingProvider(campsite: Pick<CampsiteRow, 'mailjetApiKey' | 'mailjetSecret'>): boolean {
  return Boolean(campsite.mailjetApiKey && campsite.mailjetSecret);
}
