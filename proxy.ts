import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';
import { authConfig } from '@/lib/auth/auth-config';
import { effectivePackLevel, hasFullPack } from '@/lib/auth/pack-levels';
import { isPrefetch } from '@/lib/auth/prefetch';
import { routeAccess } from '@/lib/auth/route-access';

const { auth } = NextAuth(authConfig);

/**
 * A first filter only: it reads the signed cookie, never the database. Staff pages check the
 * session again server-side (lib/auth/staff.ts), and so does every server action and API call.
 */
export const proxy = auth((request) => {
  const { pathname, hostname } = request.nextUrl;
  const access = routeAccess(pathname);
  if (!access || access.kind !== 'staff') return NextResponse.next();
  const session = request.auth;
  if (!session?.sessionId) {
    const login = new URL('/login', request.nextUrl);
    if (pathname !== '/') login.searchParams.set('callbackUrl', `${pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(login);
  }
  const packLevel = effectivePackLevel(session.packLevel, hostname, process.env.NODE_ENV === 'production');
  if (access.packLevel > 0 && !hasFullPack(packLevel)) {
    // A prefetch of a page the user may not open gets nothing; only a real visit logs out.
    if (isPrefetch(request.headers)) return new NextResponse(null, { status: 204 });
    return NextResponse.redirect(new URL('/logout?motivo=livello', request.nextUrl));
  }
  return NextResponse.next();
});

export const config = {
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:png|jpg|jpeg|svg|webp|ico|css|js)$).*)'],
};
