import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { env } from '../lib/env';
import { appLoginOf, preparedRows, type Database, type DbOrTx, type Transaction } from './client';
import { logger } from '@/lib/ops/logger.mjs';

/** The role the row-level policies of migration 0013 restrict; it owns nothing. */
export const APP_ROLE = 'crm_app';

type Scope = { afterCommit: Array<() => void | Promise<void>> };
// Registry-keyed like the app login (db/client.ts): one store for every bundled copy of this module.
const SCOPES = Symbol.for('crm.tenantScopes');
const holder = globalThis as unknown as { [SCOPES]?: AsyncLocalStorage<Scope> };
const scopes = (holder[SCOPES] ??= new AsyncLocalStorage<Scope>());

// Every scoped request opens with it: one fixed statement, prepared once per connection.
const OPEN_SCOPE =
  "select set_config('role', $1, true), set_config('app.camping_id', $2, true), set_config('idle_in_transaction_session_timeout', $3, true), session_user::text as login";

/** Where a campsite's transaction runs, and the login it must run as (null: not checked). */
export type ScopeTarget = { db: DbOrTx; login: string | null };

export type ScopeOptions = {
  /** Milliseconds a transaction may sit idle between statements; DATABASE_IDLE_IN_TRANSACTION_MS by default. */
  idleTimeoutMs?: number;
};

/** The wall would be silently lower: the transaction is not on the non-owner login it was promised. */
export class WrongLoginError extends Error {
  constructor(expected: string, actual: string) {
    super(`Transazione del campeggio aperta come «${actual}» invece che come «${expected}» (DATABASE_APP_URL).`);
    this.name = 'WrongLoginError';
  }
}

/**
 * Runs `work` in one transaction as the app role with app.camping_id set, both transaction-local
 * (set_config(…, true)), so a pooled connection carries nothing over to the next request. Inside,
 * a query that forgets its campsite filter still sees only this campsite's rows. When the target
 * names its login, the same statement reads session_user and a mismatch fails the work before it
 * runs: a misconfigured wall fails closed instead of quietly scoping on the owner.
 */
export async function tenantTransaction<T>(
  target: DbOrTx | ScopeTarget,
  campsiteId: string,
  work: (tx: Transaction) => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  const { db, login } = 'login' in target ? target : { db: target, login: null };
  const idle = `${options.idleTimeoutMs ?? env().DATABASE_IDLE_IN_TRANSACTION_MS}ms`;
  const scoped = () =>
    db.transaction(async (tx) => {
      const [opened] = await preparedRows<{ login: string }>(tx, 'crm_open_scope', OPEN_SCOPE, [APP_ROLE, campsiteId, idle]);
      if (login && opened?.login !== login) throw new WrongLoginError(login, String(opened?.login));
      return work(tx);
    });
  // A nested scope is a savepoint of the outer one: its deferred work waits for the outer commit.
  if (scopes.getStore()) return scoped();
  const scope: Scope = { afterCommit: [] };
  const result = await scopes.run(scope, scoped);
  await flush(scope);
  return result;
}

async function flush(scope: Scope): Promise<void> {
  for (const task of scope.afterCommit) {
    try {
      await task();
    } catch (error) {
      logger.error({ err: error }, 'Operazione dopo il commit non riuscita');
    }
  }
}

/**
 * Where a request's scope runs: the non-owner login's pool when DATABASE_APP_URL gives one, else the
 * owner's; null on PGlite, whose one connection a request-long transaction would hold from every
 * other request and job. A server configured with DATABASE_APP_URL whose handle lacks that pool is
 * refused outright rather than scoped on the owner.
 */
export function scopeHandle(db: Database): ScopeTarget | null {
  if ((db as unknown as { $client?: unknown }).$client instanceof PGlite) return null;
  const app = appLoginOf(db);
  if (app) return app;
  if (env().DATABASE_APP_URL) throw new WrongLoginError('DATABASE_APP_URL', 'proprietario (nessun pool del login applicativo)');
  return { db, login: null };
}

/**
 * Work scoped to one campsite in the database as well (tenantTransaction) on PostgreSQL; on the
 * embedded PGlite the work runs as it is, guarded by the services' filters.
 */
export function withTenant<T>(db: Database, campsiteId: string, work: (db: DbOrTx) => Promise<T>, options?: ScopeOptions): Promise<T> {
  const target = scopeHandle(db);
  return target ? tenantTransaction(target, campsiteId, work, options) : work(db);
}

/**
 * Work that other connections must see committed (a queued job, the outbox's delivery, a cache
 * tag): after the scope's commit when called inside one, else now. A rolled-back scope runs none of it.
 */
export async function afterCommit(task: () => void | Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(task);
  else await task();
}
