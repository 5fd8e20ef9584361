import { eq } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import { adminCampsiteScope } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';

export type CampsiteRow = typeof campsites.$inferSelect;
export type SettingsActor = Pick<Tenant, 'campsiteId' | 'isAdmin' | 'isOperator' | 'userId' | 'email'>;

const notFound = () => new AppError('not_found', 'Campeggio non trovato.');

/**
 * The campsite a read acts on: every user reads their own campsite's settings (staff see the tags
 * and hours they work with), the operator any; another campsite's id is a 404 for everyone else.
 */
export function readCampsiteScope(tenant: Pick<Tenant, 'campsiteId' | 'isOperator'>, campsiteId?: string | null): string {
  const target = campsiteId || tenant.campsiteId;
  if (target !== tenant.campsiteId && !tenant.isOperator) throw notFound();
  return target;
}

/** A change: admins of that campsite and the operator only (lib/auth/roles.ts). */
export const writeCampsiteScope = (tenant: SettingsActor, campsiteId?: string | null) => adminCampsiteScope(tenant, campsiteId);

/** The campsite named (the operator's settings may name another than the unit of work's). */
export async function loadCampsite(ctx: Ctx, campsiteId: string, options: { lock?: boolean } = {}): Promise<CampsiteRow> {
  const query = ctx.db.select().from(campsites).where(eq(campsites.id, campsiteId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
