import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { getList } from '@/lib/lists/service';
import { legacyListSchema, legacyMemberSchema, toLegacyList } from '@/lib/legacy-api/shapes/list';
import { z } from '@/lib/validation';
import type { LegacyClient } from '../client';
import type { ImportCtx, LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';
import { presentHere } from './present';
import { chunks, nextCursor, resumeFrom } from './paging';

const MEMBER_PAGE = 500;
const listsAnswer = z.array(z.object({ _id: z.string(), date_creation: z.string() }).loose());
const membersAnswer = z.object({ contatti: z.array(z.unknown()), nextCursor: z.string().nullable() }).loose();

/** A list as read for the import: the list and all its members, read with the old system's member cursor. */
const importedListSchema = legacyListSchema.extend({ membri: z.array(z.unknown()) });

async function allMembers(client: LegacyClient, listId: string): Promise<unknown[]> {
  const members: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page: z.output<typeof membersAnswer> = await client.json('POST', `/getListContact/lazy/${encodeURIComponent(listId)}`, membersAnswer, {
      limit: MEMBER_PAGE,
      ...(cursor ? { cursor } : {}),
    });
    members.push(...page.contatti);
    cursor = page.nextCursor;
  } while (cursor);
  return members;
}

/**
 * Liste, oldest first, one list a page with every member: the page's transaction then knows the
 * list's whole membership, so links the old system no longer has are removed here too. Lists
 * created here and not there are left alone (they may be new work on this side).
 */
export const listsKind: LegacyKind = {
  name: 'liste',
  label: 'Liste',
  async *pages(client, from) {
    const lists = (await client.json('POST', '/getList/all', listsAnswer)).sort(
      (a, b) => a.date_creation.localeCompare(b.date_creation) || a._id.localeCompare(b._id),
    );
    for (const { index, items } of resumeFrom(lists, from.cursor, 1)) {
      const list = items[0];
      const membri = await allMembers(client, list._id);
      yield { items: [{ ...list, membri }], cursor: nextCursor(index, lists.length) };
    }
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('liste', items, importedListSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { campsiteId } = ctx;
    const outcome = await upsertKeepingIds(
      ctx,
      mailingLists,
      'liste',
      records.map((list) => ({
        id: list._id,
        campingId: campsiteId,
        name: list.nome,
        description: list.descrizione,
        providerListId: list.idList,
        createdAt: new Date(list.date_creation),
        version: list.__v,
      })),
      ['name', 'description', 'providerListId', 'createdAt', 'version'],
    );
    let written = outcome.written.length;
    let unchanged = outcome.unchanged.length;
    for (const list of records) {
      const listId = ctx.ids.resolve('liste', list._id);
      const members = parseEach('liste', list.membri, legacyMemberSchema);
      skipped.push(...members.skipped.map((skip) => ({ ...skip, reason: `membro della lista ${list._id}: ${skip.reason}` })));
      const here = await presentHere(ctx, 'contatti', members.records.map((member) => member.idContatto));
      const suppressed = new Map<string, 'bounce' | 'complaint'>();
      const wanted = new Map<string, { addedAt: Date; unsubscribed: boolean }>();
      for (const member of members.records) {
        const contactId = ctx.ids.resolve('contatti', member.idContatto);
        if (!here.has(contactId)) {
          skipped.push({ kind: 'liste', oldId: list._id, reason: `il cliente ${member.idContatto} della lista non è stato importato: iscrizione saltata` });
          continue;
        }
        // 'rimbalzato' and 'spam' are the contact's own state (below), 'senza-email' follows from its
        // address; 'disiscritto' may be this list's alone (or a refusal of every newsletter: the
        // contact's shape does not tell, so it is kept on the membership, where it stops this list).
        wanted.set(contactId, { addedAt: new Date(member.date_iscrizione), unsubscribed: member.stato === 'disiscritto' });
        if (member.stato === 'rimbalzato' || member.stato === 'spam') suppressed.set(contactId, member.stato === 'spam' ? 'complaint' : 'bounce');
      }
      if (ctx.dryRun) continue;
      const linksMoved = await syncMembers(ctx, listId, wanted);
      const changed = (await suppress(ctx, suppressed)) || linksMoved;
      if (changed && !outcome.written.includes(listId)) {
        written++;
        unchanged--;
      }
    }
    return { written, unchanged, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(mailingLists).where(eq(mailingLists.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const list = await getList(ctx, { listId: ctx.ids.resolve('liste', oldId) }).catch(() => null);
    return list ? comparable(toLegacyList(list)) : null;
  },
  async showThere(client, oldId) {
    return comparable(await client.json('POST', `/getList/${encodeURIComponent(oldId)}`, legacyListSchema));
  },
};

/**
 * Makes the list's links here what the old system shows: new members inserted, a changed date or
 * unsubscription updated, members the old list no longer has removed. Answers whether anything moved.
 */
async function syncMembers(
  { db, campsiteId }: ImportCtx,
  listId: string,
  wanted: Map<string, { addedAt: Date; unsubscribed: boolean }>,
): Promise<boolean> {
  const existing = await db
    .select({ contactId: listMemberships.contactId, addedAt: listMemberships.addedAt, unsubscribedAt: listMemberships.unsubscribedAt })
    .from(listMemberships)
    .where(and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, listId)));
  const current = new Map(existing.map((row) => [row.contactId, row]));
  const gone = existing.filter((row) => !wanted.has(row.contactId)).map((row) => row.contactId);
  const upserts = [...wanted].filter(([contactId, member]) => {
    const row = current.get(contactId);
    return !row || row.addedAt.getTime() !== member.addedAt.getTime() || (row.unsubscribedAt !== null) !== member.unsubscribed;
  });
  for (const ids of chunks(gone, 5000)) {
    await db.delete(listMemberships).where(and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, listId), inArray(listMemberships.contactId, ids)));
  }
  for (const batch of chunks(upserts, 1000)) {
    for (const [contactId, member] of batch) {
      const row = current.get(contactId);
      // The old system shows that a member left, not when: the date kept is the enrolment's, or the one already here.
      const unsubscribedAt = member.unsubscribed ? (row?.unsubscribedAt ?? member.addedAt) : null;
      if (row) {
        await db
          .update(listMemberships)
          .set({ addedAt: member.addedAt, unsubscribedAt })
          .where(and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, listId), eq(listMemberships.contactId, contactId)));
      }
    }
    const fresh = batch.filter(([contactId]) => !current.has(contactId));
    if (fresh.length) {
      await db
        .insert(listMemberships)
        .values(fresh.map(([contactId, member]) => ({ campingId: campsiteId, listId, contactId, addedAt: member.addedAt, unsubscribedAt: member.unsubscribed ? member.addedAt : null })))
        .onConflictDoNothing();
    }
  }
  return gone.length > 0 || upserts.length > 0;
}

/**
 * An address that bounced or complained there is shown only as a member's state: the contact's
 * shape has no such field. It must not be mailed again here, so the contact is suppressed as our
 * own webhook does, once (the date is the import's: the old system does not say when).
 */
async function suppress({ db, campsiteId }: ImportCtx, suppressed: Map<string, 'bounce' | 'complaint'>): Promise<boolean> {
  let changed = false;
  for (const reason of ['bounce', 'complaint'] as const) {
    const ids = [...suppressed].filter(([, why]) => why === reason).map(([contactId]) => contactId);
    for (const batch of chunks(ids, 5000)) {
      const moved = await db
        .update(contacts)
        .set({ emailSuppressedAt: new Date(), emailSuppressedReason: reason })
        .where(and(eq(contacts.campingId, campsiteId), inArray(contacts.id, batch), isNull(contacts.emailSuppressedAt)))
        .returning({ id: contacts.id });
      changed ||= moved.length > 0;
    }
  }
  return changed;
}

/** What a list keeps across systems; `ricevono` depends on the contacts' mail state, compared with the contacts. */
const comparable = (list: z.output<typeof legacyListSchema>) => ({
  nome: list.nome,
  descrizione: list.descrizione,
  idList: list.idList,
  iscritti: list.iscritti,
  date_creation: list.date_creation,
  __v: list.__v,
});
