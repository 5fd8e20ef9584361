import { count, eq, inArray } from 'drizzle-orm';
import { users, type LegacyImportSkip } from '@/db/schema';
import { noPasswordHash } from '@/lib/auth/passwords';
import { normalizeEmail } from '@/lib/auth/service';
import { legacyUserSchema, toLegacyUser, type LegacyUser } from '@/lib/legacy-api/shapes/user';
import { getCampsiteUser } from '@/lib/users/service';
import { z } from '@/lib/validation';
import { LegacyImportError } from '../client';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';

const KIND = 'utenti';
export const EMAIL_OF_ANOTHER_CAMPSITE = 'e-mail già usata da un utente di un altro campeggio';

/**
 * Utenti, with their old ids, name, e-mail, admin flag, pack level, creation date and __v. No
 * password crosses: a new user gets a hash no password matches (lib/auth/passwords.ts) and sets
 * one through the link inviteImportedUsers sends when the operator asks; a user already here
 * keeps theirs. The e-mail is unique across the product: one of another campsite is skipped, one
 * of this campsite under another id is that user (its id here is kept, the old id maps onto it).
 * Not crossing: loginArray (the old system's login history) and, after the first run, lastLogin
 * (logins here move it on; the old value must not bring it back).
 */
export const usersKind: LegacyKind = {
  name: KIND,
  label: 'Utenti',
  async *pages(client) {
    const all = await client.json('GET', '/users/all', z.array(z.unknown())).catch((error: unknown) => {
      if (error instanceof LegacyImportError && / 403 a GET \/users\/all/.test(error.message)) {
        throw new LegacyImportError('Il vecchio CRM elenca gli utenti solo a un amministratore: ripeti l’importazione con l’accesso di un amministratore del campeggio.');
      }
      throw error;
    });
    yield { items: all, cursor: null };
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach(KIND, items, legacyUserSchema);
    const { db, campsiteId, ids } = ctx;
    const accepted: LegacyUser[] = [];
    const emails = [...new Set(records.map((user) => normalizeEmail(user.email)))];
    const holders = emails.length
      ? await db.select({ id: users.id, email: users.email, campingId: users.campingId }).from(users).where(inArray(users.email, emails))
      : [];
    const holderOf = new Map(holders.map((row) => [row.email, row]));
    await ids.load(db, KIND, records.map((user) => user._id));
    const seen = new Set<string>();
    for (const user of records) {
      const email = normalizeEmail(user.email);
      if (seen.has(email)) {
        skipped.push(skip(user, 'e-mail ripetuta da un altro utente del vecchio CRM'));
        continue;
      }
      seen.add(email);
      const holder = holderOf.get(email);
      if (holder && holder.campingId !== campsiteId) {
        skipped.push(skip(user, EMAIL_OF_ANOTHER_CAMPSITE));
        continue;
      }
      // The same person already here under another id (the campsite's first admin): the old id becomes that user.
      if (holder && holder.id !== ids.resolve(KIND, user._id)) await ids.keepAs(db, KIND, user._id, holder.id);
      accepted.push(user);
    }
    const rows = accepted.map((user) => ({
      id: user._id,
      campingId: campsiteId,
      email: normalizeEmail(user.email),
      passwordHash: noPasswordHash(),
      name: user.name,
      isAdmin: user.isAdmin,
      packLevel: user.packLevel,
      lastLoginAt: user.lastLogin ? new Date(user.lastLogin) : null,
      createdAt: new Date(user.date_creation),
      version: user.__v,
    }));
    // passwordHash and lastLoginAt are written with a new row only: an update never touches them.
    const outcome = await upsertKeepingIds(ctx, users, KIND, rows, ['email', 'name', 'isAdmin', 'packLevel', 'createdAt', 'version']);
    return { written: outcome.written.length, unchanged: outcome.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const user = await getCampsiteUser(ctx, ctx.ids.resolve(KIND, oldId)).catch(() => null);
    return user ? comparable(toLegacyUser(user)) : null;
  },
  async showThere(client, oldId) {
    // The whole list loosely: one invalid user (skipped by the import) must not fail the report.
    const all = await client.json('GET', '/users/all', z.array(z.object({ _id: z.string() }).loose()));
    const user = legacyUserSchema.safeParse(all.find((entry) => entry._id === oldId));
    return user.success ? comparable(user.data) : null;
  },
};

const skip = (user: LegacyUser, reason: string): LegacyImportSkip => ({ kind: KIND, oldId: user._id, reason: `${user.email}: ${reason}` });

/** The fields a user keeps across systems (not the id, campsite or login history). */
const comparable = (user: LegacyUser) => ({
  email: normalizeEmail(user.email),
  name: user.name,
  packLevel: user.packLevel,
  isAdmin: user.isAdmin,
  date_creation: user.date_creation,
  __v: user.__v,
});
