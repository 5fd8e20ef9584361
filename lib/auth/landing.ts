import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import type { Database } from '@/db/client';
import { loginTokens, users } from '@/db/schema';
import { env } from '@/lib/env';
import { effectivePackLevel, hasFullPack } from './pack-levels';
import { routeAccess } from './route-access';
import { hashSecret } from './secrets';
import { normalizeEmail } from './service';

const PROBE_ORIGIN = 'http://crm.invalid';

/**
 * Only a path of this site. The URL parser decides, as the browser will: '//host', '/\\host'
 * and '/<tab>/host' all leave the origin and are refused.
 */
export function safeCallbackPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user lands after logging in: the page they asked for if they may open it, else the
 * dashboard; a service account, which may not see the dashboard, lands on the mail page.
 */
async function landingFor(storedPackLevel: number | undefined, requested: string | null): Promise<string> {
  const host = (await headers()).get('host') ?? undefined;
  const hostname = host ? new URL(`http://${host}`).hostname : undefined;
  const full = hasFullPack(effectivePackLevel(storedPackLevel ?? 0, hostname, env().NODE_ENV === 'production'));
  const access = requested ? routeAccess(new URL(requested, PROBE_ORIGIN).pathname) : null;
  if (requested && access?.kind === 'staff' && (full || access.packLevel === 0)) return requested;
  return full ? '/dashboard' : '/mail';
}

export async function landingAfterPasswordLogin(db: Database, email: string, requested: string | null): Promise<string> {
  const [user] = await db.select({ packLevel: users.packLevel }).from(users).where(eq(users.email, normalizeEmail(email)));
  return landingFor(user?.packLevel, requested);
}

export async function landingAfterTokenLogin(db: Database, token: string): Promise<string> {
  const [user] = await db
    .select({ packLevel: users.packLevel })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.userId))
    .where(eq(loginTokens.tokenHash, hashSecret(token)));
  return landingFor(user?.packLevel, null);
}
