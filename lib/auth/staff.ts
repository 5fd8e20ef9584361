import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import type { Tenant } from '@/lib/tenant';
import { hasFullPack } from './pack-levels';
import { resolveSession } from './service';
import { readSessionCookie } from './session-cookie';

type StaffLookup = { tenant: Tenant } | { tenant: null; hadCookie: boolean };

/** Once per request: the signed cookie names a session, the database says whether it still stands. */
export const lookupStaff = cache(async (): Promise<StaffLookup> => {
  const requestHeaders = await headers();
  const session = await readSessionCookie(requestHeaders.get('cookie'), env().AUTH_SECRET ?? '');
  if (!session) return { tenant: null, hadCookie: false };
  const host = requestHeaders.get('host') ?? undefined;
  const hostname = host ? new URL(`http://${host}`).hostname : undefined;
  const tenant = await resolveSession(getDb(), { sessionId: session.sessionId }, { hostname, production: env().NODE_ENV === 'production' });
  return tenant ? { tenant } : { tenant: null, hadCookie: true };
});

/**
 * The gate of every staff page and server action: no session, to the login page; a session that
 * was revoked or a service account on a full-pack page, logged out (spec section 6).
 */
export async function requireStaff(options: { packLevel?: 0 | 10 } = {}): Promise<Tenant> {
  const found = await lookupStaff();
  if (!found.tenant) redirect(found.hadCookie ? '/logout?motivo=sessione' : '/login');
  if ((options.packLevel ?? 10) > 0 && !hasFullPack(found.tenant.packLevel)) redirect('/logout?motivo=livello');
  return found.tenant;
}
