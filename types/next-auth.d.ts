import 'next-auth';

declare module 'next-auth' {
  interface User {
    sessionId?: string;
    campsiteId?: string;
    packLevel?: number;
    isAdmin?: boolean;
  }
}
