import { cookies } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { runSystemWork } from '@/lib/context/unit-of-work';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { revokeSession } from '@/lib/auth/service';
import { isPrefetch } from '@/lib/auth/prefetch';
import { lookupStaff } from '@/lib/auth/staff';

const REASONS = new Set(['livello', 'sessione', 'uscito']);

async function endSession(reason: string): Promise<NextResponse> {
  const found = await lookupStaff();
  const tenant = found.tenant;
  if (tenant) await runSystemWork('logout', ({ db }) => revokeSession(db, tenant));
  const jar = await cookies();
  for (const cookie of jar.getAll()) {
    if (cookie.name.includes('authjs.')) jar.delete(cookie.name);
  }
  // A relative Location keeps the host the browser used, whatever name the server binds to.
  const response = new NextResponse(null, { status: 303, headers: { Location: `/login?motivo=${reason}` } });
  // The browser also drops what the app kept in localStorage and sessionStorage.
  response.headers.set('Clear-Site-Data', '"storage"');
  return response;
}

/** The logout button: a POST, so no link prefetch or foreign page can trigger it (the cookie is SameSite=Lax). */
export async function POST() {
  return endSession('uscito');
}

/**
 * Forced logout, reached by redirect: a revoked session (clear the stale cookie) or a service
 * account that opened a full-pack page. A full user sent here by a stray link keeps the session.
 */
export async function GET(request: NextRequest) {
  if (isPrefetch(request.headers)) return new NextResponse(null, { status: 204 });
  const reason = request.nextUrl.searchParams.get('motivo') ?? 'sessione';
  const found = await lookupStaff();
  if (found.tenant && hasFullPack(found.tenant.packLevel)) return new NextResponse(null, { status: 303, headers: { Location: '/dashboard' } });
  return endSession(REASONS.has(reason) ? reason : 'sessione');
}
