import type { NextAuthConfig } from 'next-auth';
import { SESSION_DAYS } from './session-policy';

/**
 * The part of the Auth.js set-up that proxy.ts can run: it only reads the signed cookie,
 * never the database. Whether the session still exists is checked by the data layer.
 */
export const authConfig = {
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  session: { strategy: 'jwt', maxAge: SESSION_DAYS.web * 24 * 60 * 60 },
  pages: { signIn: '/login', error: '/login' },
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.sid = user.sessionId;
        token.pl = user.packLevel;
      }
      return token;
    },
    session({ session, token }) {
      session.sessionId = typeof token.sid === 'string' ? token.sid : '';
      session.packLevel = typeof token.pl === 'number' ? token.pl : 0;
      return session;
    },
  },
} satisfies NextAuthConfig;
