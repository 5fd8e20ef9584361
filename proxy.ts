import { NextResponse, type NextRequest } from 'next/server';
import { clientInfo, requestHost } from '@/lib/auth/client-info';
import { effectivePackLevel, hasFullPack } from '@/lib/auth/pack-levels';
import { isPrefetch } from '@/lib/auth/prefetch';
import { routeAccess } from '@/lib/auth/route-access';
import { readSessionCookie } from '@/lib/auth/session-cookie';
import { env } from '@/lib/env';
import { JSON_BODY_LIMIT } from '@/lib/http/body-limit';
import { cspResponseHeaders, newNonce } from '@/lib/http/csp';
import { proxyLimiter } from '@/lib/rate-limit/proxy-limiter';
import { hasControlCharacters } from '@/lib/validation/zod-safe';

// Quote links are unguessable: an address asking for hundreds of them is probing, not reading.
const GUEST_QUOTE_PATH = /^\/visualizzaPreventivoL?\//;
// Counted in Redis when REDIS_URL is set (every instance together), else in this process only.
const guestQuoteLimit = proxyLimiter('pagina-preventivo', { points: 120, durationSeconds: 10 * 60 });

// A mail client's one-click unsubscribe (RFC 8058) POSTs to the address the guest would open.
const ONE_CLICK_PATH = /^\/(?:mailing\/)?unsubscribe\/([^/]+)\/([^/]+)(?:\/[^/]*)?\/?$/;

/**
 * A first filter only: it reads the signed cookie, never the database. Staff pages check the
 * session again server-side (lib/auth/staff.ts), and so does every server action and API call.
 * The cookie is read, never re-issued: the session row expires on its own date (SESSION_DAYS)
 * whatever the cookie says, so Auth.js's rolling re-encryption on every page bought nothing.
 */
export async function proxy(request: NextRequest) {
  const { pathname, hostname } = request.nextUrl;
  // Guest links carry ids in the path, which no zod schema reads before the database does: a NUL
  // there would reach PostgreSQL and come back as a 500. A broken percent escape would fail in
  // Next.js's own routing with a 500, pages and API alike: both are the caller's mistake, a 400.
  const decoded = decodedPath(pathname);
  if (decoded === null || hasControlCharacters(decoded)) return invalidAddress(pathname);
  // The API answers for itself past this point (its own session, limits and JSON errors).
  if (pathname.startsWith('/api/')) return NextResponse.next();
  const refusedAction = request.headers.has('next-action') ? serverActionRefusal(request) : null;
  if (refusedAction) return refusedAction;
  // Counted by address, so only when the address is known (TRUST_PROXY=1, see client-info.ts).
  const ip = GUEST_QUOTE_PATH.test(pathname) ? clientInfo(request.headers).ip : null;
  if (ip) {
    const state = await guestQuoteLimit(ip);
    if (!state.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
      return new NextResponse('Troppe richieste · Zu viele Anfragen · Too many requests', { status: 429, headers: { 'Retry-After': retryAfter } });
    }
  }
  const oneClick = request.method === 'POST' ? ONE_CLICK_PATH.exec(pathname) : null;
  if (oneClick) return NextResponse.rewrite(new URL(`/api/one-click/unsubscribe/${oneClick[1]}/${oneClick[2]}`, request.nextUrl));
  const access = routeAccess(pathname);
  if (!access || access.kind !== 'staff') return withContentSecurityPolicy(request);
  const session = await readSessionCookie(request.headers.get('cookie'), env().AUTH_SECRET ?? '');
  if (!session) {
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
  return withContentSecurityPolicy(request);
}

function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** A guest's action (a question, a renewal) is a few kilobytes; staff actions carry CSV imports. */
const ACTION_BODY_LIMIT = { guest: JSON_BODY_LIMIT, staff: 10 * 1024 * 1024 } as const;

/**
 * What Next.js would refuse with a 500 (a body past its limit, an Origin of another site), or
 * parse first (a guest's 9 MB question): refused here with the status that names the mistake.
 */
function serverActionRefusal(request: NextRequest): NextResponse | null {
  if (request.method !== 'POST') return null;
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (origin && host && originHost(origin) !== host) return plainRefusal(403, 'Richiesta da un altro sito rifiutata · Anfrage einer anderen Website abgelehnt · Request from another site refused');
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(length)) return plainRefusal(411, 'Lunghezza della richiesta mancante · Length required');
  const limit = routeAccess(request.nextUrl.pathname)?.kind === 'staff' ? ACTION_BODY_LIMIT.staff : ACTION_BODY_LIMIT.guest;
  if (length > limit) return plainRefusal(413, 'Richiesta troppo grande · Anfrage zu groß · Request too large');
  return null;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const plainRefusal = (status: number, text: string) => new NextResponse(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function invalidAddress(pathname: string) {
  if (pathname.startsWith('/api/')) return NextResponse.json({ error: 'Indirizzo non valido: il percorso contiene caratteri non ammessi o codificati male.' }, { status: 400 });
  return plainRefusal(400, 'Indirizzo non valido · Ungültige Adresse · Invalid address');
}

/**
 * The page goes on with a fresh nonce in its policy: on the response for the browser, and on the
 * request, where Next.js finds it and writes it on each of its scripts. Each request thus
 * renders (lib/http/csp.ts): a page stored whole would carry an old nonce, or none.
 */
function withContentSecurityPolicy(request: NextRequest) {
  const https = requestHost(request.headers, request.nextUrl.protocol.replace(/:$/, '')).proto === 'https';
  const headers = cspResponseHeaders(request.nextUrl.pathname, newNonce(), { dev: process.env.NODE_ENV === 'development', https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', headers['Content-Security-Policy']);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Only Next.js's own files are left out, by their prefixes: a page's address ending in ".png"
  // is still a page, and gets its policy and its session check. The two polls check the session
  // themselves (a JSON 401, never a redirect): past the proxy, a poll neither decrypts the
  // cookie twice nor has it re-issued every 30 seconds.
  matcher: ['/((?!_next/static/|_next/image|favicon\\.ico$|icon\\.svg$|robots\\.txt$|notifiche/stato$|novita/stato$).*)'],
};
