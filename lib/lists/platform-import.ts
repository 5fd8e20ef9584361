import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contacts, languages, listMemberships } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { countMembers } from '@/lib/newsletter/audience';
import { createList, type ListRow } from './service';
import type { PlatformGuest } from './validation';

const CHUNK = 1000;

export type PlatformListOutcome = { list: ListRow; guests: number; created: number; matched: number; memberCount: number };

/** Language ids or codes to ids; an unknown one refuses the whole call before anything is written. */
async function languageIdsOf(db: Database, guests: PlatformGuest[]): Promise<(number | null)[]> {
  const rows = await db.select({ id: languages.id, code: languages.code }).from(languages);
  const byCode = new Map(rows.map((row) => [row.code.toLowerCase(), row.id]));
  const ids = new Set(rows.map((row) => row.id));
  return guests.map((guest, index) => {
    if (guest.lingua === null || guest.lingua === undefined) return null;
    const id = typeof guest.lingua === 'number' ? guest.lingua : /^\d+$/.test(guest.lingua) ? Number(guest.lingua) : byCode.get(guest.lingua.toLowerCase());
    if (id === undefined || !ids.has(id)) throw new AppError('bad_request', `Ospite ${index + 1}: lingua sconosciuta («${guest.lingua}»).`);
    return id;
  });
}

/**
 * A new list with the platform's guests, in one transaction: each guest is matched by e-mail
 * (any case) among the calling campsite's contacts — the oldest one when two share it — or
 * created with source 'platform', then added to the list. An address given twice counts once.
 */
export async function createListFromPlatform(
  ctx: CampsiteCtx,
  { userId, name, description, providerListId, guests }: {
    userId: string | null;
    name: string;
    description: string;
    providerListId?: string | null;
    guests: PlatformGuest[];
  },
): Promise<PlatformListOutcome> {
  const { campsiteId } = ctx;
  const languageIds = await languageIdsOf(ctx.db, guests);
  const unique = new Map<string, { guest: PlatformGuest; languageId: number | null }>();
  guests.forEach((guest, index) => {
    const key = guest.email.toLowerCase();
    if (!unique.has(key)) unique.set(key, { guest, languageId: languageIds[index] });
  });
  const entries = [...unique.entries()];

  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    // Two imports of the same campsite take turns: neither creates a contact the other just created.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || ':platform-contacts'))`);
    const list = await createList(inTx, { input: { name, description }, providerListId });
    let created = 0;
    let matched = 0;
    for (let start = 0; start < entries.length; start += CHUNK) {
      const chunk = entries.slice(start, start + CHUNK);
      const emails = chunk.map(([email]) => email);
      const existing = await tx
        .selectDistinctOn([sql`lower(${contacts.email})`], { id: contacts.id, email: sql<string>`lower(${contacts.email})` })
        .from(contacts)
        .where(and(eq(contacts.campingId, campsiteId), isNotNull(contacts.email), inArray(sql`lower(${contacts.email})`, emails)))
        .orderBy(sql`lower(${contacts.email})`, contacts.createdAt, contacts.id);
      const found = new Map(existing.map((row) => [row.email, row.id]));
      const missing = chunk.filter(([email]) => !found.has(email));
      const inserted = missing.length
        ? await tx
            .insert(contacts)
            .values(
              missing.map(([, { guest, languageId }]) => ({
                campingId: campsiteId,
                ownerId: userId,
                email: guest.email,
                firstName: guest.nome ?? '',
                lastName: guest.cognome ?? '',
                languageId,
                source: 'platform' as const,
              })),
            )
            .returning({ id: contacts.id })
        : [];
      created += inserted.length;
      matched += chunk.length - missing.length;
      const ids = [...found.values(), ...inserted.map((row) => row.id)];
      if (ids.length) {
        await tx
          .insert(listMemberships)
          .values(ids.map((contactId) => ({ campingId: campsiteId, listId: list.id, contactId })))
          .onConflictDoNothing();
      }
    }
    return { list, guests: entries.length, created, matched, memberCount: await countMembers(inTx, { listId: list.id }) };
  });
}
