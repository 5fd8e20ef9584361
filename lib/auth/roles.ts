import { AppError, forbidden } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';

/**
 * Role checks of the data layer: every admin or operator service calls one of these first, so a
 * page, a server action and the legacy API refuse alike whatever the entry point checked.
 */
export function requireAdmin(tenant: Pick<Tenant, 'isAdmin' | 'isOperator'>): void {
  if (!tenant.isAdmin && !tenant.isOperator) throw forbidden('Operazione riservata agli amministratori del campeggio.');
}

export function requireOperator(tenant: Pick<Tenant, 'isOperator'>): void {
  if (!tenant.isOperator) throw forbidden('Operazione riservata agli operatori del fornitore.');
}

/**
 * The campsite an admin call acts on. A campsite admin reaches only their own: another
 * campsite's id answers 404, as if it did not exist. The operator reaches any campsite
 * (its existence is the caller's query to check). Staff without the admin flag get 403.
 */
export function adminCampsiteScope(tenant: Pick<Tenant, 'isAdmin' | 'isOperator' | 'campsiteId'>, campsiteId?: string | null): string {
  requireAdmin(tenant);
  const target = campsiteId || tenant.campsiteId;
  if (target !== tenant.campsiteId && !tenant.isOperator) throw new AppError('not_found', 'Campeggio non trovato.');
  return target;
}
