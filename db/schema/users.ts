import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt, version } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    campingId: campingId(),
    /** Stored lower-cased: one account per address across the product. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The provider's staff: runs every campsite and posts product updates (never a campsite's own user). */
    isOperator: boolean('is_operator').notNull().default(false),
    packLevel: integer('pack_level').notNull().default(0),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    lastLoginAt: timestampTz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_camping_idx').on(t.campingId)],
);

/** The legacy loginArray: one row per successful login. */
export const userLogins = pgTable(
  'user_logins',
  {
    id: id(),
    campingId: campingId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<'password' | 'token' | 'api'>().notNull(),
    ip: text('ip'),
    at: createdAt(),
  },
  (t) => [index('user_logins_camping_idx').on(t.campingId), index('user_logins_user_idx').on(t.userId, t.at)],
);

/**
 * Server-side sessions: the browser's cookie and the API's bearer token both point here,
 * so logging out (revoking the row) ends the session wherever it was copied.
 * Only a SHA-256 of a bearer secret is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    campingId: campingId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'web' | 'api'>().notNull(),
    /** Only API sessions have a bearer secret; a web session is named by id in the signed cookie. */
    tokenHash: text('token_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_camping_idx').on(t.campingId),
    index('sessions_user_active_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

/** One-time login links minted for the booking platform; single use, short-lived, stored as a hash. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: id(),
    campingId: campingId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [uniqueIndex('login_tokens_hash_unique').on(t.tokenHash), index('login_tokens_camping_idx').on(t.campingId)],
);
