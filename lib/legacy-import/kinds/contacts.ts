import { and, count, eq } from 'drizzle-orm';
import { contacts, languages, nations, users } from '@/db/schema';
import { getContact } from '@/lib/contacts/service';
import { legacyContactSchema, toLegacyContact } from '@/lib/legacy-api/shapes/contact';
import { z } from '@/lib/validation';
import type { LegacyKind } from '../kind';
import { upsertKeepingIds } from '../upsert';
import { parseEach } from '../parse';

const PAGE = 100;
const pageSchema = z.object({ items: z.array(z.unknown()), nextCursor: z.string().nullable() }).loose();

const empty = (text: string) => (text === '' ? null : text);

/** Clienti, oldest first: a contact added to the old system during the import comes on a later page, not before the cursor. */
export const contactsKind: LegacyKind = {
  name: 'contatti',
  label: 'Clienti',
  async *pages(client, from) {
    let cursor = from.cursor;
    do {
      const page = await client.json('POST', '/getContact/lazy', pageSchema, { sort: 'meno-recenti', limit: PAGE, ...(cursor ? { cursor } : {}) });
      cursor = page.nextCursor;
      yield { items: page.items, cursor };
    } while (cursor);
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('contatti', items, legacyContactSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId } = ctx;
    // Owners renamed by an earlier page or run are in the map, not yet in memory.
    await ctx.ids.load(db, 'utenti', records.flatMap((contact) => (contact.owner === null ? [] : [contact.owner])));
    const [knownLanguages, knownNations, knownUsers] = await Promise.all([
      db.select({ id: languages.id }).from(languages),
      db.select({ id: nations.id }).from(nations),
      db.select({ id: users.id }).from(users).where(eq(users.campingId, campsiteId)),
    ]);
    const language = new Set(knownLanguages.map((row) => row.id));
    const nation = new Set(knownNations.map((row) => row.id));
    const staff = new Set(knownUsers.map((row) => row.id));
    const rows = records.map((contact) => {
      const owner = contact.owner === null ? null : ctx.ids.resolve('utenti', contact.owner);
      return {
        id: contact._id,
        campingId: campsiteId,
        ownerId: owner && staff.has(owner) ? owner : null,
        firstName: contact.nome,
        lastName: contact.cognome,
        email: contact.email,
        phonePrefix: empty(contact.prefisso),
        phone: empty(contact.telefono),
        languageId: contact.language !== null && language.has(contact.language) ? contact.language : null,
        nationId: contact.nazione !== null && nation.has(contact.nazione) ? contact.nazione : null,
        city: empty(contact.citta),
        address: empty(contact.indirizzo),
        postalCode: empty(contact.cap),
        notes: empty(contact.note),
        tags: contact.tags,
        source: 'import' as const,
        createdAt: new Date(contact.date_creation),
        version: contact.__v,
      };
    });
    const outcome = await upsertKeepingIds(ctx, contacts, 'contatti', rows, [
      'ownerId',
      'firstName',
      'lastName',
      'email',
      'phonePrefix',
      'phone',
      'languageId',
      'nationId',
      'city',
      'address',
      'postalCode',
      'notes',
      'tags',
      'createdAt',
      'version',
    ]);
    return { written: outcome.written.length, unchanged: outcome.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(contacts).where(and(eq(contacts.campingId, campsiteId)));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const id = ctx.ids.resolve('contatti', oldId);
    const contact = await getContact(ctx, id).catch(() => null);
    return contact ? comparable(toLegacyContact(contact)) : null;
  },
  async showThere(client, oldId) {
    return comparable(await client.json('POST', `/getContact/${encodeURIComponent(oldId)}`, legacyContactSchema));
  },
};

/** The fields a contact keeps across systems (not its ids, campsite or owner, which are renamed). */
const comparable = (contact: z.output<typeof legacyContactSchema>) => ({
  nome: contact.nome,
  cognome: contact.cognome,
  email: contact.email,
  prefisso: contact.prefisso,
  telefono: contact.telefono,
  nazione: contact.nazione,
  language: contact.language,
  citta: contact.citta,
  indirizzo: contact.indirizzo,
  cap: contact.cap,
  note: contact.note,
  tags: contact.tags,
  date_creation: contact.date_creation,
  __v: contact.__v,
});
