/**
 * Who is asking, resolved once at the entry point (session cookie or bearer token)
 * and handed to every service; nothing below reads cookies or headers.
 */
export type Tenant = {
  campsiteId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
  /** The provider's operator: manages every campsite and posts product updates. */
  isOperator: boolean;
  /** The pack level after the localhost rule (spec section 6). */
  packLevel: number;
  sessionId: string;
};

export const FULL_PACK_LEVEL = 10;
