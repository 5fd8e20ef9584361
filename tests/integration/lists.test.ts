import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { listMemberships, mailingLists, quoteCards, quotes } from '@/db/schema';
import { addFiltered, addFilteredChunk, previewFilter } from '@/lib/lists/bulk';
import { addContacts, listMembers, removeMember, searchContactsForList, type ListMember } from '@/lib/lists/members';
import { createList, deleteList, getList, listLists, updateList } from '@/lib/lists/service';
import { memberFilterSchema } from '@/lib/lists/validation';
import { countSendable } from '@/lib/newsletter/audience';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { insertContacts, makeContactsAccount } from '../helpers/contacts';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

async function account() {
  const { campsite } = await makeContactsAccount(db);
  return { campsiteId: campsite.id, ctx: ctxFor(db, { campsiteId: campsite.id }) };
}

const filter = (values: Record<string, unknown>) => memberFilterSchema.parse(values);

async function allMembers(campsiteId: string, listId: string, limit: number): Promise<ListMember[]> {
  const ctx = ctxFor(db, { campsiteId });
  const seen: ListMember[] = [];
  let cursor: string | null = null;
  do {
    const page = await listMembers(ctx, { listId, cursor, limit });
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('lists: create, rename, delete', () => {
  it('creates, renames and deletes a list of the campsite, with exact counts', async () => {
    const { campsiteId, ctx } = await account();
    const list = await createList(ctx, { input: { name: 'Clienti estate', description: '' } });
    expect(list).toMatchObject({ name: 'Clienti estate', version: 0, campingId: campsiteId });
    const renamed = await updateList(ctx, { listId: list.id, patch: { name: 'Clienti estate 2027', description: 'Tedeschi' } });
    expect(renamed).toMatchObject({ name: 'Clienti estate 2027', description: 'Tedeschi', version: 1 });
    const [guest] = await insertContacts(db, campsiteId, [{ firstName: 'Anna', email: 'anna@example.it' }]);
    await addContacts(ctx, { listId: list.id, contactIds: [guest.id] });
    expect(await listLists(ctx)).toEqual([expect.objectContaining({ id: list.id, memberCount: 1, sendableCount: 1 })]);
    await deleteList(ctx, { listId: list.id });
    expect(await listLists(ctx)).toEqual([]);
    expect(await db.select().from(listMemberships).where(eq(listMemberships.listId, list.id))).toEqual([]);
  });

  it('keeps campsites apart: another campsite’s list or contact ids are not found and change nothing', async () => {
    const mine = await account();
    const theirs = await account();
    const myList = await createList(mine.ctx, { input: { name: 'Mia', description: '' } });
    const theirList = await createList(theirs.ctx, { input: { name: 'Loro', description: '' } });
    const [myGuest] = await insertContacts(db, mine.campsiteId, [{ firstName: 'Mio', email: 'mio@example.it' }]);
    const [theirGuest] = await insertContacts(db, theirs.campsiteId, [{ firstName: 'Loro', email: 'loro@example.it' }]);
    await addContacts(theirs.ctx, { listId: theirList.id, contactIds: [theirGuest.id] });

    const scope = { listId: theirList.id };
    const notFound = expect.objectContaining({ kind: 'not_found' });
    await expect(getList(mine.ctx, scope)).rejects.toEqual(notFound);
    await expect(updateList(mine.ctx, { ...scope, patch: { name: 'Rubata' } })).rejects.toEqual(notFound);
    await expect(deleteList(mine.ctx, scope)).rejects.toEqual(notFound);
    await expect(listMembers(mine.ctx, scope)).rejects.toEqual(notFound);
    await expect(addContacts(mine.ctx, { ...scope, contactIds: [myGuest.id] })).rejects.toEqual(notFound);
    await expect(removeMember(mine.ctx, { ...scope, contactId: theirGuest.id })).rejects.toEqual(notFound);
    await expect(addFilteredChunk(mine.ctx, { ...scope, filter: filter({}) })).rejects.toEqual(notFound);
    await expect(searchContactsForList(mine.ctx, { ...scope, search: 'Loro' })).rejects.toEqual(notFound);
    // Their contact into my list: refused, and my own contact given with it is not added either.
    await expect(addContacts(mine.ctx, { listId: myList.id, contactIds: [myGuest.id, theirGuest.id] })).rejects.toEqual(notFound);
    // My filter never reaches their contacts.
    const everything = await addFiltered(mine.ctx, { listId: myList.id, filter: filter({}) });
    expect(everything).toMatchObject({ added: 1, memberCount: 1 });
    expect((await allMembers(mine.campsiteId, myList.id, 10)).map((m) => m.contactId)).toEqual([myGuest.id]);
    expect(await searchContactsForList(mine.ctx, { listId: myList.id, search: 'loro' })).toEqual([]);

    const [still] = await db.select().from(mailingLists).where(eq(mailingLists.id, theirList.id));
    expect(still).toMatchObject({ name: 'Loro', version: 0 });
    expect((await db.select().from(listMemberships).where(eq(listMemberships.listId, theirList.id))).map((m) => m.contactId)).toEqual([theirGuest.id]);
  });
});

describe('members', () => {
  it('marks each member’s state and counts who would receive a newsletter', async () => {
    const { campsiteId, ctx } = await account();
    const list = await createList(ctx, { input: { name: 'Stati', description: '' } });
    const now = new Date();
    const rows = await insertContacts(db, campsiteId, [
      { firstName: 'Attivo', email: 'attivo@example.it' },
      { firstName: 'Fuori', email: 'fuori@example.it', newsletterOptOutAt: now },
      { firstName: 'Rimbalzo', email: 'rimbalzo@example.it', emailSuppressedAt: now, emailSuppressedReason: 'bounce' },
      { firstName: 'Spam', email: 'spam@example.it', emailSuppressedAt: now, emailSuppressedReason: 'complaint' },
      { firstName: 'Senza', email: null },
      { firstName: 'Lista', email: 'lista@example.it' },
    ]);
    await addContacts(ctx, { listId: list.id, contactIds: rows.map((row) => row.id) });
    await db.update(listMemberships).set({ unsubscribedAt: now }).where(eq(listMemberships.contactId, rows[5].id));
    const states = Object.fromEntries((await allMembers(campsiteId, list.id, 50)).map((m) => [m.firstName, m.state]));
    expect(states).toEqual({ Attivo: 'attivo', Fuori: 'disiscritto', Rimbalzo: 'rimbalzato', Spam: 'spam', Senza: 'senza-email', Lista: 'disiscritto' });
    const summary = await getList(ctx, { listId: list.id });
    expect(summary).toMatchObject({ memberCount: 6, sendableCount: 1 });
    expect(await countSendable(ctx, { listId: list.id })).toBe(1);

    // Adding again keeps the member's date and state; removing leaves the contact.
    expect(await addContacts(ctx, { listId: list.id, contactIds: [rows[0].id, rows[5].id] })).toEqual({ added: 0, alreadyMembers: 2, memberCount: 6 });
    expect(await removeMember(ctx, { listId: list.id, contactId: rows[0].id })).toEqual({ memberCount: 5 });
    await expect(removeMember(ctx, { listId: list.id, contactId: rows[0].id })).rejects.toMatchObject({ kind: 'not_found' });
    expect((await getList(ctx, { listId: list.id })).sendableCount).toBe(0);
  });

  it('adds 12,000 contacts in chunks with exact counts, and pages them by keyset with no gaps or duplicates', async () => {
    const { campsiteId, ctx } = await account();
    const list = await createList(ctx, { input: { name: 'Tutti', description: '' } });
    const base = Date.UTC(2026, 0, 1);
    // Many share a creation time, so the keyset must break ties by id.
    await insertContacts(
      db,
      campsiteId,
      Array.from({ length: 12_000 }, (_, i) => ({ firstName: `Ospite${i}`, email: i % 10 === 0 ? null : `ospite${i}@example.it`, createdAt: new Date(base + Math.floor(i / 7) * 1000) })),
    );
    expect(await previewFilter(ctx, { filter: filter({}) })).toEqual({ matching: 12_000, withEmail: 10_800 });

    const chunks: number[] = [];
    const outcome = await addFiltered(ctx, { listId: list.id, filter: filter({}), onChunk: (chunk) => chunks.push(chunk.scanned) });
    expect(chunks).toEqual([5000, 5000, 2000]);
    expect(outcome).toMatchObject({ added: 12_000, scanned: 12_000, memberCount: 12_000 });
    // Again: nothing new, nothing doubled.
    expect(await addFiltered(ctx, { listId: list.id, filter: filter({}) })).toMatchObject({ added: 0, memberCount: 12_000 });
    const summary = await getList(ctx, { listId: list.id });
    expect(summary).toMatchObject({ memberCount: 12_000, sendableCount: 10_800 });

    const members = await allMembers(campsiteId, list.id, 500);
    expect(members).toHaveLength(12_000);
    expect(new Set(members.map((m) => m.contactId)).size).toBe(12_000);
    // Newest first (ties, a whole chunk added at once, are broken by contact id in the database's order).
    expect(members.every((m, i) => i === 0 || members[i - 1].addedAt.getTime() >= m.addedAt.getTime())).toBe(true);
  }, 120_000);

  it('pages newest first across members added at different times', async () => {
    const { campsiteId, ctx } = await account();
    const list = await createList(ctx, { input: { name: 'Ordine', description: '' } });
    const guests = await insertContacts(db, campsiteId, Array.from({ length: 23 }, (_, i) => ({ firstName: `G${i}`, email: `g${i}@example.it` })));
    for (const guest of guests) await addContacts(ctx, { listId: list.id, contactIds: [guest.id] });
    const first = await listMembers(ctx, { listId: list.id, limit: 10 });
    expect(first.total).toBe(23);
    expect(first.items[0].firstName).toBe('G22');
    // The count comes with the first page only: deeper pages cost what the first one costs.
    expect((await listMembers(ctx, { listId: list.id, limit: 10, cursor: first.nextCursor })).total).toBeNull();
    const members = await allMembers(campsiteId, list.id, 10);
    expect(members.map((m) => m.firstName)).toEqual(guests.map((g) => g.firstName).reverse());
    await expect(listMembers(ctx, { listId: list.id, cursor: 'rotto' })).rejects.toMatchObject({ kind: 'bad_request' });
  });
});

describe('filters', () => {
  it('selects by language, nation, tag, last stay, last quote date and progress', async () => {
    const { campsiteId, ctx } = await account();
    const list = await createList(ctx, { input: { name: 'Filtri', description: '' } });
    const [de, it1, vip, stayed, quoted] = await insertContacts(db, campsiteId, [
      { firstName: 'Hans', email: 'hans@example.de', languageId: 3, nationId: 2 },
      { firstName: 'Mario', email: 'mario@example.it', languageId: 1, nationId: 1 },
      { firstName: 'Vip', email: 'vip@example.it', languageId: 1, tags: ['VIP'] },
      { firstName: 'Soggiorno', email: 'sogg@example.it' },
      { firstName: 'Preventivo', email: 'prev@example.it' },
    ]);
    const [booked] = await db
      .insert(quotes)
      .values({ campingId: campsiteId, contactId: stayed.id, progress: 'convertito', acceptedCardIdx: 0, createdAt: new Date('2025-03-01T10:00:00Z') })
      .returning();
    await db.insert(quoteCards).values({ campingId: campsiteId, quoteId: booked.id, idx: 0, arrival: '2025-07-10', departure: '2025-07-20' });
    // Mario's older quote was accepted, his latest one was refused.
    await db.insert(quotes).values([
      { campingId: campsiteId, contactId: it1.id, progress: 'accettato', createdAt: new Date('2025-01-10T10:00:00Z') },
      { campingId: campsiteId, contactId: it1.id, progress: 'rifiutato', createdAt: new Date('2025-02-10T10:00:00Z') },
      { campingId: campsiteId, contactId: quoted.id, progress: 'inviato', createdAt: new Date('2025-05-31T22:30:00Z') },
    ]);

    const ids = async (values: Record<string, unknown>) => {
      const f = filter(values);
      const preview = await previewFilter(ctx, { filter: f });
      const chosen = (await db.transaction(async (tx) => {
        const inTx = ctxFor(tx, { campsiteId });
        const scratch = await createList(inTx, { input: { name: `x${Math.random()}`, description: '' } });
        await addFiltered(inTx, { listId: scratch.id, filter: f });
        const rows = await tx.select({ id: listMemberships.contactId }).from(listMemberships).where(eq(listMemberships.listId, scratch.id));
        await deleteList(inTx, { listId: scratch.id });
        return rows.map((row) => row.id);
      })).sort();
      expect(preview.matching).toBe(chosen.length);
      return chosen;
    };
    expect(await ids({ languageIds: [3] })).toEqual([de.id]);
    expect(await ids({ languageIds: [1] })).toEqual([it1.id, vip.id].sort());
    expect(await ids({ nationIds: [1, 2] })).toEqual([de.id, it1.id].sort());
    expect(await ids({ tag: 'VIP' })).toEqual([vip.id]);
    expect(await ids({ lastStayFrom: '2025-07-01', lastStayTo: '2025-07-31' })).toEqual([stayed.id]);
    expect(await ids({ lastStayFrom: '2025-08-01' })).toEqual([]);
    expect(await ids({ lastQuoteProgress: ['rifiutato'] })).toEqual([it1.id]);
    expect(await ids({ lastQuoteProgress: ['accettato'] })).toEqual([]);
    // 22:30 UTC on 31 May is 1 June in Rome.
    expect(await ids({ lastQuoteFrom: '2025-06-01', lastQuoteTo: '2025-06-01' })).toEqual([quoted.id]);
    expect(await ids({ lastQuoteFrom: '2025-02-01', lastQuoteTo: '2025-02-28' })).toEqual([it1.id]);
    expect(await ids({ search: 'hans' })).toEqual([de.id]);
    expect(await ids({ languageIds: [1], tag: 'VIP' })).toEqual([vip.id]);
    expect(() => filter({ lastStayFrom: '2025-08-01', lastStayTo: '2025-07-01' })).toThrow();
    expect(() => filter({ lastQuoteProgress: ['boh'] })).toThrow();
    expect(await listMembers(ctx, { listId: list.id })).toMatchObject({ items: [], total: 0 });
  });
});
