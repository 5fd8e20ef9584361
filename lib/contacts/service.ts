import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsiteLanguages, campsites, contacts, languages, nations, quotes } from '@/db/schema';
import type { ContactSource } from '@/db/schema/contacts';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { ContactListItem, ContactRow } from './search';
import { hasNameOrEmail, NAME_OR_EMAIL_REQUIRED, type ContactInput, type ContactPatch } from './validation';
import { contactDisplayName } from './display';

export { countContacts, listContacts, queryContacts } from './search';
export { contactDisplayName };
export type { ContactListItem, ContactRow } from './search';

export const CONTACT_NOT_FOUND = 'Cliente non trovato.';

const notFound = () => new AppError('not_found', CONTACT_NOT_FOUND);

/** One contact of the campsite, with language and nation names; another campsite's id is simply not found. */
export async function getContact(ctx: CampsiteCtx, id: string): Promise<ContactListItem> {
  const [row] = await ctx.db
    .select({ contact: contacts, languageName: languages.name, nationName: nations.name })
    .from(contacts)
    .leftJoin(languages, eq(languages.id, contacts.languageId))
    .leftJoin(nations, eq(nations.id, contacts.nationId))
    .where(and(eq(contacts.id, id), eq(contacts.campingId, ctx.campsiteId)));
  if (!row) throw notFound();
  return { ...row.contact, languageName: row.languageName, nationName: row.nationName };
}

/**
 * Refuses an address another contact of the campsite already has (any case). The advisory lock,
 * held until the transaction ends, makes two concurrent saves of the same address take turns,
 * so the second one sees the first.
 */
export async function assertEmailAvailable(ctx: CampsiteCtx, email: string, exceptId?: string): Promise<void> {
  const { db: tx, campsiteId } = ctx;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || lower(${email}::text)))`);
  const [existing] = await tx
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.campingId, campsiteId), sql`lower(${contacts.email}) = lower(${email}::text)`, exceptId ? ne(contacts.id, exceptId) : undefined))
    .limit(1);
  if (existing) {
    throw new AppError('conflict', `Esiste già un cliente con l’e-mail ${existing.email}: ${contactDisplayName(existing)}.`, {
      existingContactId: existing.id,
    });
  }
}

/** The campsite's contact tags (settings), by lower-case name. */
export async function campsiteTagNames(ctx: CampsiteCtx): Promise<Map<string, string>> {
  const [row] = await ctx.db.select({ tags: campsites.personalizedTags }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  return new Map((row?.tags ?? []).map((tag) => [tag.name.toLowerCase(), tag.name]));
}

/**
 * Tags must be the campsite's own (spelled as in the settings); a tag the contact already carries
 * stays allowed after it was removed from the settings, so an edit never fails because of it.
 */
export function normalizeTags(tags: string[], allowed: Map<string, string>, alreadyThere: string[] = []): string[] {
  const kept = new Map(alreadyThere.map((tag) => [tag.toLowerCase(), tag]));
  return [
    ...new Set(
      tags.map((tag) => {
        const known = allowed.get(tag.toLowerCase()) ?? kept.get(tag.toLowerCase());
        if (!known) throw new AppError('bad_request', `Etichetta sconosciuta: «${tag}». Le etichette dei clienti si definiscono nelle impostazioni del campeggio.`);
        return known;
      }),
    ),
  ];
}

async function assertReferences(db: DbOrTx, input: Pick<ContactInput, 'languageId' | 'nationId'>) {
  if (input.languageId !== null) {
    const found = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, input.languageId));
    if (found.length === 0) throw new AppError('bad_request', 'Lingua sconosciuta.');
  }
  if (input.nationId !== null) {
    const found = await db.select({ id: nations.id }).from(nations).where(eq(nations.id, input.nationId));
    if (found.length === 0) throw new AppError('bad_request', 'Nazione sconosciuta.');
  }
}

function columnsOf(input: ContactInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phonePrefix: input.phonePrefix,
    phone: input.phone,
    languageId: input.languageId,
    nationId: input.nationId,
    city: input.city,
    address: input.address,
    postalCode: input.postalCode,
    notes: input.notes,
    tags: input.tags,
  };
}

export type SaveOptions = { source?: ContactSource };

/** A new contact of the campsite, owned by the user who creates it; a duplicate e-mail is refused. */
/** The campsite's first language: what a contact typed in by the staff speaks until told otherwise. */
async function campsiteFirstLanguage(ctx: StaffCtx): Promise<number | null> {
  const [first] = await ctx.db
    .select({ languageId: campsiteLanguages.languageId })
    .from(campsiteLanguages)
    .where(eq(campsiteLanguages.campingId, ctx.campsiteId))
    .orderBy(asc(campsiteLanguages.position))
    .limit(1);
  return first?.languageId ?? null;
}

/**
 * A contact the staff create without a language gets the campsite's first one, so templates,
 * guest pages and the newsletter know how to speak to them; the legacy API keeps what it sends.
 */
export async function createContact(ctx: StaffCtx, rawInput: ContactInput, options: SaveOptions = {}): Promise<ContactRow> {
  if (!hasNameOrEmail(rawInput)) throw new AppError('bad_request', NAME_OR_EMAIL_REQUIRED);
  const input = rawInput.languageId || options.source === 'api' ? rawInput : { ...rawInput, languageId: await campsiteFirstLanguage(ctx) };
  const { tenant } = ctx;
  const tags = normalizeTags(input.tags, await campsiteTagNames(ctx));
  await assertReferences(ctx.db, input);
  return ctx.db.transaction(async (tx) => {
    if (input.email) await assertEmailAvailable({ ...ctx, db: tx }, input.email);
    const [created] = await tx
      .insert(contacts)
      .values({ ...columnsOf({ ...input, tags }), campingId: tenant.campsiteId, ownerId: tenant.userId, source: options.source ?? 'staff' })
      .returning();
    return created;
  });
}

/**
 * Changes the fields given (a staff edit sends them all, the legacy edit only some); the merged
 * contact must still have a name or an e-mail, and a changed e-mail must be free. __v goes up by one.
 */
export async function updateContact(ctx: CampsiteCtx, id: string, patch: ContactPatch): Promise<ContactRow> {
  const { campsiteId } = ctx;
  const allowedTags = await campsiteTagNames(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.campingId, campsiteId)))
      .for('update');
    if (!current) throw notFound();
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<ContactInput>;
    const merged: ContactInput = { ...columnsOf(current as ContactInput), ...given };
    if (!hasNameOrEmail(merged)) throw new AppError('bad_request', NAME_OR_EMAIL_REQUIRED);
    merged.tags = normalizeTags(merged.tags, allowedTags, current.tags);
    await assertReferences(tx, merged);
    const emailChanged = (merged.email ?? '').toLowerCase() !== (current.email ?? '').toLowerCase();
    // An address shared on purpose (an import that kept both) does not block other edits.
    if (merged.email && emailChanged) await assertEmailAvailable({ ...ctx, db: tx }, merged.email, id);
    const [updated] = await tx
      .update(contacts)
      .set({ ...columnsOf(merged), version: sql`${contacts.version} + 1` })
      .where(and(eq(contacts.id, id), eq(contacts.campingId, campsiteId)))
      .returning();
    return updated;
  });
  // The guest's name and language appear on the cached quote pages.
  invalidate([cacheTags.contact(id)]);
  return updated;
}

/** Removes the contact; its quotes, requests and list memberships go with it (foreign keys), mail traces stay. */
export async function deleteContact(ctx: CampsiteCtx, id: string): Promise<ContactRow> {
  const { db, campsiteId } = ctx;
  // Its quotes go with it; a booking must not, so a guest with a converted quote stays.
  const [booked] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.contactId, id), eq(quotes.campingId, campsiteId), eq(quotes.progress, 'convertito')))
    .limit(1);
  if (booked) throw new AppError('conflict', 'Il cliente ha almeno un preventivo diventato prenotazione: non si può eliminare.');
  const [deleted] = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.campingId, campsiteId)))
    .returning();
  if (!deleted) throw notFound();
  return deleted;
}
