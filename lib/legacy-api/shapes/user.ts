import { z } from '@/lib/validation';
import type { UserRow } from '@/lib/auth/service';

export const legacyUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  camping: z.string(),
  packLevel: z.number(),
  isAdmin: z.boolean(),
  lastLogin: z.string().nullable(),
  loginArray: z.array(z.string()).describe('ultimi accessi, il più recente per primo'),
  date_creation: z.string(),
  __v: z.number(),
});

export type LegacyUser = z.infer<typeof legacyUserSchema>;

/** The stored user as the legacy JSON shows it; never the password hash. */
export function toLegacyUser(user: UserRow, logins: Date[] = []): LegacyUser {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    camping: user.campingId,
    packLevel: user.packLevel,
    isAdmin: user.isAdmin,
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    loginArray: logins.map((at) => at.toISOString()),
    date_creation: user.createdAt.toISOString(),
    __v: user.version,
  };
}

export const sessionAnswerSchema = z.object({ token: z.string(), user: legacyUserSchema });
