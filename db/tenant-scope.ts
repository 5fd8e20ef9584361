import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { appPoolOf, type Database, type DbOrTx, type Transaction } from './client';

/** The role the row-level policies of migration 0013 restrict; it owns nothing. */
export const APP_ROLE = 'crm_app';

type Scope = { afterCommit: Array<() => void | Promise<void>> };
const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` in one transaction as the app role with app.camping_id set, both transaction-local
 * (set_config(…, true)), so a pooled connection carries nothing over to the next request. Inside,
 * a query that forgets its campsite filter still sees only this campsite's rows.
 */
export async function tenantTransaction<T>(db: DbOrTx, campsiteId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const scoped = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.camping_id', ${campsiteId}, true)`);
      return work(tx);
    });
  // A nested scope is a savepoint of the outer one: its deferred work waits for the outer commit.
  if (scopes.getStore()) return scoped();
  const scope: Scope = { afterCommit: [] };
  const result = await scopes.run(scope, scoped);
  for (const task of scope.afterCommit) {
    try {
      await task();
    } catch (error) {
      console.error('Operazione dopo il commit non riuscita', error);
    }
  }
  return result;
}

/**
 * Where a request's scope runs: the non-owner login's pool when DATABASE_APP_URL gives one, else the
 * owner's; null on PGlite, whose one connection a request-long transaction would hold from every
 * other request and job.
 */
export function scopeHandle(db: Database): Database | null {
  if ((db as unknown as { $client?: unknown }).$client instanceof PGlite) return null;
  return appPoolOf(db) ?? db;
}

/**
 * A staff request's work, scoped to its campsite in the database as well (tenantTransaction) on
 * PostgreSQL; on the embedded PGlite the work runs as it is, guarded by the services' filters.
 */
export function withTenant<T>(db: Database, campsiteId: string, work: (db: DbOrTx) => Promise<T>): Promise<T> {
  const handle = scopeHandle(db);
  return handle ? tenantTransaction(handle, campsiteId, work) : work(db);
}

/**
 * Work that other connections must see committed (a queued job, the outbox's delivery): after the
 * scope's commit when called inside one, else now. A rolled-back scope runs none of it.
 */
export async function afterCommit(task: () => void | Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(task);
  else await task();
}
