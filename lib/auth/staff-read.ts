import { getDb, type Database } from '@/db/client';
import { withTenant } from '@/db/tenant-scope';
import type { Tenant } from '@/lib/tenant';

/**
 * A staff page's reads inside its campsite's database scope (db/tenant-scope.ts), like the API's
 * calls and the server actions; the operator manages every campsite and reads unscoped.
 */
export function staffRead<T>(tenant: Tenant, work: (db: Database) => Promise<T>): Promise<T> {
  if (tenant.isOperator) return work(getDb());
  // The transaction runs every query the services make; they only ever see it as a handle.
  return withTenant(getDb(), tenant.campsiteId, (db) => work(db as Database));
}
