import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { loginTokens, sessions } from '@/db/schema';

/**
 * Ends every session of a user at once: web cookies and bearer tokens point to these rows, so
 * revoking them logs the user out everywhere on the next request; unused one-time login links
 * are spent too. `keepSessionId` spares the session that asked (a user changing their own password).
 */
export async function endUserSessions(db: DbOrTx, params: { campsiteId: string; userId: string; keepSessionId?: string }): Promise<void> {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.campingId, params.campsiteId),
        eq(sessions.userId, params.userId),
        isNull(sessions.revokedAt),
        params.keepSessionId ? ne(sessions.id, params.keepSessionId) : undefined,
      ),
    );
  await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.campingId, params.campsiteId), eq(loginTokens.userId, params.userId), isNull(loginTokens.usedAt)));
}
