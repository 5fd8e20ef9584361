import type { DbOrTx } from '@/db/client';
import { AppError } from '@/lib/errors';
import { limiter } from './limiter';

/**
 * Guest links (quotes, unsubscribe pages) are unguessable; an address that keeps missing is
 * probing for them. Past 20 misses in 10 minutes it is refused for 10 minutes, by every process.
 */
export const missLimiter = limiter('link-mancato', { points: 20, durationSeconds: 10 * 60, blockSeconds: 10 * 60 });

const tooManyMisses = () => new AppError('rate_limited', 'Troppe richieste non valide da questo indirizzo: riprova più tardi.');

/** Runs a guest call; a not-found answer counts as a miss of the caller's address. */
export async function withMissGuard<T>(db: DbOrTx, ip: string | null, call: () => Promise<T>): Promise<T> {
  if (ip) {
    const state = await missLimiter.peek(db, ip);
    if (state && !state.allowed) throw tooManyMisses();
  }
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found' && ip) await missLimiter.consume(db, ip);
    throw error;
  }
}
