import { and, eq, isNull, ne } from 'drizzle-orm';
import { loginTokens, sessions } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

/**
 * Ends every session of a user at once: web cookies and bearer tokens point to these rows, so
 * revoking them logs the user out everywhere on the next request; unused one-time login links
 * are spent too. `keepSessionId` spares the session that asked (a user changing their own password).
 */
export async function endUserSessions(ctx: CampsiteCtx, params: { userId: string; keepSessionId?: string }): Promise<void> {
  const now = new Date();
  await ctx.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.campingId, ctx.campsiteId),
        eq(sessions.userId, params.userId),
        isNull(sessions.revokedAt),
        params.keepSessionId ? ne(sessions.id, params.keepSessionId) : undefined,
      ),
    );
  await ctx.db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.campingId, ctx.campsiteId), eq(loginTokens.userId, params.userId), isNull(loginTokens.usedAt)));
}
