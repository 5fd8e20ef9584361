import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedRows, type DbOrTx } from '@/db/client';
import { loginTokens, sessions, userLogins, users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { newSecret } from '@/lib/ids';
import { limiter, secondsLeft, type LimitRule } from '@/lib/rate-limit/limiter';
import type { Tenant } from '@/lib/tenant';
import { knownDeviceOf } from './known-devices';
import { claimLoginAttempt, clearLoginAttempts, clearLoginDelay, LOGIN_DELAY_MESSAGE } from './login-delay';
import { effectivePackLevel } from './pack-levels';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { hashSecret } from './secrets';
import { SESSION_DAYS } from './session-policy';

/** Per account, the growing delay of login-delay.ts; per address (a trusted one only, see client-info.ts), this. */
export const LOGIN_LIMITS = {
  perAddress: { points: 20, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

const loginPerAddress = limiter('login:ip', LOGIN_LIMITS.perAddress);

export const LOGIN_TOKEN_MINUTES = 10;
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = 'E-mail o password non corretti.';
export const INVALID_LOGIN_LINK = 'Il link di accesso non è valido, è scaduto oppure è già stato usato.';

export type SessionKind = 'web' | 'api';
export type ClientInfo = { ip: string | null; userAgent: string | null };
export type UserRow = typeof users.$inferSelect;
/** `secret` is the bearer token of an API session; a web session lives in the signed cookie by id only. */
export type OpenedSession = { secret: string | null; sessionId: string; user: UserRow };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function openSession(db: DbOrTx, user: UserRow, kind: SessionKind, method: 'password' | 'token', client: ClientInfo) {
  const secret = kind === 'api' ? newSecret() : null;
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({
      campingId: user.campingId,
      userId: user.id,
      kind,
      tokenHash: secret ? hashSecret(secret) : null,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(now.getTime() + SESSION_DAYS[kind] * DAY_MS),
    })
    .returning({ id: sessions.id });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await db.insert(userLogins).values({ campingId: user.campingId, userId: user.id, method: kind === 'api' ? 'api' : method, ip: client.ip });
  return { secret, sessionId: session.id, user: { ...user, lastLoginAt: now } };
}

/**
 * Password login. Unknown e-mail and wrong password give the same error after the same work,
 * and the same delay. The attempt is counted before the slow password check, so concurrent
 * guesses cannot all slip under the limits; a success takes its count back. While a delay runs
 * even the right password is refused (else the delay would not slow a guesser); but strangers'
 * failures delay unknown browsers only: `knownDevices` (the browser's cookie, known-devices.ts)
 * gives a browser that logged in before its own count. The owner also keeps their open sessions
 * and the booking platform's one-time link (loginWithToken).
 */
export async function loginWithPassword(
  db: DbOrTx,
  input: { email: string; password: string; kind: SessionKind; knownDevices?: string | null },
  client: ClientInfo,
  now = new Date(),
): Promise<OpenedSession> {
  const email = normalizeEmail(input.email);
  // An unknown address (no trusted proxy, see client-info.ts) is not one bucket for everyone.
  const address = client.ip;
  const byAddress = address ? await loginPerAddress.consume(db, address) : null;
  if (byAddress && !byAddress.allowed) {
    const seconds = secondsLeft(byAddress);
    throw new AppError('rate_limited', `Troppi tentativi di accesso da questo indirizzo. Riprova tra ${Math.ceil(seconds / 60)} minuti.`, { retryAfterSeconds: seconds });
  }
  const subject = { email, knownDevice: knownDeviceOf(input.knownDevices, email) };
  const claim = await claimLoginAttempt(db, subject, now);
  if (!claim.allowed) throw new AppError('rate_limited', LOGIN_DELAY_MESSAGE);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw new AppError('bad_request', INVALID_CREDENTIALS);
  await clearLoginAttempts(db, subject);
  if (address) await loginPerAddress.reward(db, address);
  return openSession(db, user, input.kind, 'password', client);
}

/** The booking platform asks for a one-time login link for one of our users. */
export async function mintLoginToken(db: DbOrTx, emailInput: string): Promise<{ token: string; expiresAt: Date }> {
  const [user] = await db.select({ id: users.id, campingId: users.campingId }).from(users).where(eq(users.email, normalizeEmail(emailInput)));
  if (!user) throw new AppError('not_found', 'Nessun utente del CRM con questa e-mail.');
  const token = newSecret();
  const expiresAt = new Date(Date.now() + LOGIN_TOKEN_MINUTES * 60 * 1000);
  await db.insert(loginTokens).values({ campingId: user.campingId, userId: user.id, tokenHash: hashSecret(token), expiresAt });
  return { token, expiresAt };
}

/** Spends a one-time token: the conditional update makes a second use, even a concurrent one, fail. */
export async function loginWithToken(db: DbOrTx, token: string, kind: SessionKind, client: ClientInfo): Promise<OpenedSession> {
  const [spent] = await db
    .update(loginTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(loginTokens.tokenHash, hashSecret(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, sql`now()`)))
    .returning({ userId: loginTokens.userId });
  if (!spent) throw new AppError('bad_request', INVALID_LOGIN_LINK);
  const [user] = await db.select().from(users).where(eq(users.id, spent.userId));
  // The platform vouched for the owner: strangers' failures no longer delay the password.
  await clearLoginDelay(db, user.email);
  return openSession(db, user, kind, 'token', client);
}

export type ResolveOptions = { hostname?: string; production: boolean };
/** A web session is named by its id (from the signed cookie), an API session by its bearer secret. */
export type SessionKey = { sessionId: string } | { bearer: string };

// The columns a request needs of its session and user; `stale` says whether last_seen_at is due.
const SESSION_COLUMNS = `s.id as "sessionId", s.last_seen_at < now() - interval '${LAST_SEEN_RESOLUTION_MS / 1000} seconds' as stale,
  u.id as "userId", u.camping_id as "campsiteId", u.email, u.is_admin as "isAdmin", u.is_operator as "isOperator", u.pack_level as "packLevel"
  from sessions s inner join users u on u.id = s.user_id`;
const STANDING = 's.revoked_at is null and s.expires_at > now()';
// Every API call and every staff request runs one of these: fixed texts, prepared once per connection.
const SESSION_BY_TOKEN = `select ${SESSION_COLUMNS} where s.token_hash = $1 and ${STANDING} limit 1`;
const SESSION_BY_ID = `select ${SESSION_COLUMNS} where s.id = $1 and s.kind = 'web' and ${STANDING} limit 1`;
const TOUCH_SESSION = 'update sessions set last_seen_at = now() where id = $1';

type SessionRow = { sessionId: string; stale: boolean; userId: string; campsiteId: string; email: string; isAdmin: boolean; isOperator: boolean; packLevel: number };

/** Turns a session into the tenant, or null when it is unknown, expired or revoked. */
export async function resolveSession(db: DbOrTx, key: SessionKey, options: ResolveOptions): Promise<Tenant | null> {
  const [row] =
    'bearer' in key
      ? await preparedRows<SessionRow>(db, 'crm_session_by_token', SESSION_BY_TOKEN, [hashSecret(key.bearer)])
      : await preparedRows<SessionRow>(db, 'crm_session_by_id', SESSION_BY_ID, [key.sessionId]);
  if (!row) return null;
  if (row.stale) await preparedRows(db, 'crm_session_touch', TOUCH_SESSION, [row.sessionId]);
  return {
    campsiteId: row.campsiteId,
    userId: row.userId,
    email: row.email,
    isAdmin: row.isAdmin,
    isOperator: row.isOperator,
    packLevel: effectivePackLevel(Number(row.packLevel), options.hostname, options.production),
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: DbOrTx, tenant: Pick<Tenant, 'sessionId' | 'campsiteId'>): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, tenant.sessionId), eq(sessions.campingId, tenant.campsiteId), isNull(sessions.revokedAt)));
}

export async function recentLogins(db: DbOrTx, campsiteId: string, userId: string, limit = 10): Promise<Date[]> {
  const rows = await db
    .select({ at: userLogins.at })
    .from(userLogins)
    .where(and(eq(userLogins.campingId, campsiteId), eq(userLogins.userId, userId)))
    .orderBy(desc(userLogins.at))
    .limit(limit);
  return rows.map((row) => row.at);
}
