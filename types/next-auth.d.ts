import 'next-auth';

declare module 'next-auth' {
  interface User {
    sessionId?: string;
    campsiteId?: string;
    packLevel?: number;
    isAdmin?: boolean;
  }
  interface Session {
    /** The server-side session row; revoking it ends this login everywhere. */
    sessionId: string;
    /** Stored pack level at login; the data layer re-reads it on every request. */
    packLevel: number;
  }
}
