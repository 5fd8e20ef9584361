import type { DbOrTx } from '@/db/client';
import { AppError } from '@/lib/errors';
import { recordHit, type Limit } from './service';

/** Guest links (quotes, unsubscribe pages) are unguessable; an address that keeps missing is probing for them. */
const MISS_LIMIT: Limit = { max: 20, windowSeconds: 10 * 60 };

// Addresses over the limit, refused in this process without asking the database again.
const blocked = new Map<string, number>();

function isBlocked(ip: string | null, now = Date.now()): boolean {
  if (!ip) return false;
  const until = blocked.get(ip);
  if (until === undefined) return false;
  if (until > now) return true;
  blocked.delete(ip);
  return false;
}

/** Counts a miss; past the limit the address is refused for the rest of the window. */
async function recordMiss(db: DbOrTx, ip: string | null): Promise<void> {
  if (!ip) return;
  if (await recordHit(db, `link-mancato:${ip}`, MISS_LIMIT)) {
    if (blocked.size > 10_000) blocked.clear();
    blocked.set(ip, Date.now() + MISS_LIMIT.windowSeconds * 1000);
  }
}

const tooManyMisses = () => new AppError('rate_limited', 'Troppe richieste non valide da questo indirizzo: riprova più tardi.');

/** Runs a guest call; a not-found answer counts as a miss of the caller's address. */
export async function withMissGuard<T>(db: DbOrTx, ip: string | null, call: () => Promise<T>): Promise<T> {
  if (isBlocked(ip)) throw tooManyMisses();
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') await recordMiss(db, ip);
    throw error;
  }
}
