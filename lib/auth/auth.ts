import NextAuth, { CredentialsSignin, type User } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';
import { CONTROL_CHARACTERS_MESSAGE } from '@/lib/validation/zod-safe';
import { clientInfo } from './client-info';
import { cookieFrom, KNOWN_DEVICES_COOKIE } from './known-devices';
import { loginWithPassword, loginWithToken, type OpenedSession } from './service';
import { SESSION_DAYS } from './session-policy';
import { logger } from '@/lib/ops/logger.mjs';

/** A refused login, carrying the Italian message the login page shows. */
export class LoginRefused extends CredentialsSignin {
  readonly userMessage: string;
  constructor(userMessage: string) {
    super();
    this.userMessage = userMessage;
  }
}

const passwordCredentials = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(500) });
const tokenCredentials = z.object({ uuid: z.string().trim().min(1).max(200) });

/** A control character gets its own message: "fill in the fields" would puzzle whoever pasted it. */
const refusalOf = (error: z.ZodError, fallback: string) =>
  error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE) ? CONTROL_CHARACTERS_MESSAGE : fallback;

function toAuthUser({ sessionId, user }: OpenedSession): User {
  return { id: user.id, email: user.email, name: user.name, sessionId, campsiteId: user.campingId, packLevel: user.packLevel, isAdmin: user.isAdmin };
}

async function refuseOnAppError(login: () => Promise<OpenedSession>): Promise<User> {
  try {
    return toAuthUser(await login());
  } catch (error) {
    if (error instanceof AppError) throw new LoginRefused(error.message);
    throw error;
  }
}

/**
 * Auth.js signs the staff in and writes the session cookie; reading it back is
 * session-cookie.ts's (proxy.ts and lookupStaff), and whether the session still stands is the
 * database's (resolveSession).
 */
export const { handlers, signIn } = NextAuth({
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  session: { strategy: 'jwt', maxAge: SESSION_DAYS.web * 24 * 60 * 60 },
  pages: { signIn: '/login', error: '/login' },
  callbacks: {
    // The cookie carries the session row and the pack level: readSessionCookie reads sid and pl.
    jwt({ token, user }) {
      if (user) {
        token.sid = user.sessionId;
        token.pl = user.packLevel;
      }
      return token;
    },
  },
  providers: [
    Credentials({
      id: 'password',
      credentials: { email: {}, password: {} },
      authorize: (raw, request) => {
        const input = passwordCredentials.safeParse(raw);
        if (!input.success) throw new LoginRefused(refusalOf(input.error, 'Inserisci e-mail e password.'));
        const knownDevices = cookieFrom(request.headers.get('cookie'), KNOWN_DEVICES_COOKIE);
        return refuseOnAppError(() => loginWithPassword(getDb(), { ...input.data, kind: 'web', knownDevices }, clientInfo(request.headers)));
      },
    }),
    Credentials({
      id: 'login-token',
      credentials: { uuid: {} },
      authorize: (raw, request) => {
        const input = tokenCredentials.safeParse(raw);
        if (!input.success) throw new LoginRefused(refusalOf(input.error, 'Link di accesso mancante.'));
        return refuseOnAppError(() => loginWithToken(getDb(), input.data.uuid, 'web', clientInfo(request.headers)));
      },
    }),
  ],
  logger: {
    error(error) {
      // A refused login is an expected outcome, not a server fault.
      if (error instanceof CredentialsSignin) return;
      logger.error({ err: error }, 'Autenticazione: errore');
    },
  },
});
