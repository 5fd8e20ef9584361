import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsiteLanguages, contacts } from '@/db/schema';
import { getContactDetail } from '@/lib/contacts/detail';
import { COUNT_CAP, countContacts, listContacts, type ContactListItem } from '@/lib/contacts/search';
import { createContact, deleteContact, getContact, updateContact } from '@/lib/contacts/service';
import { CONTACT_SORTS, contactInputSchema, NAME_OR_EMAIL_REQUIRED, type ContactSort } from '@/lib/contacts/validation';
import { AppError } from '@/lib/errors';
import { contactInput, insertContacts, makeContactsAccount } from '../helpers/contacts';
import { useTestDatabase } from '../helpers/db';
import { ctxFor } from '../helpers/ctx';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

async function expectAppError(promise: Promise<unknown>, kind: AppError['kind']): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe(kind);
  return error as AppError;
}

describe('validation', () => {
  it('needs a name, a surname or an e-mail, and a valid e-mail when given', () => {
    const empty = contactInputSchema.safeParse({ firstName: '  ', email: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe(NAME_OR_EMAIL_REQUIRED);
    expect(contactInputSchema.safeParse({ email: 'non-una-mail' }).error?.issues[0].message).toBe('Indirizzo e-mail non valido');
    expect(contactInputSchema.safeParse({ lastName: 'Rossi' }).success).toBe(true);
    expect(contactInputSchema.safeParse({ email: 'ospite@example.it' }).success).toBe(true);
  });

  it('tidies the values: trimmed texts, nulls for blanks, numeric ids from strings, prefixes with +', () => {
    expect(contactInput({ firstName: ' Mario ', lastName: 'Rossi', city: '', languageId: '2', nationId: '', phonePrefix: '0039', tags: ['VIP', 'VIP'] })).toMatchObject({
      firstName: 'Mario',
      city: null,
      languageId: 2,
      nationId: null,
      phonePrefix: '+39',
      tags: ['VIP'],
    });
    expect(contactInputSchema.safeParse({ lastName: 'R', phone: 'chiamami' }).error?.issues[0].message).toContain('Numero di telefono non valido');
    expect(contactInputSchema.safeParse({ lastName: 'R', phonePrefix: '+39a' }).error?.issues[0].message).toContain('Prefisso non valido');
  });
});

describe('create, edit, delete', () => {
  it('creates a contact owned by its creator, edits it (version up), deletes it', async () => {
    const { tenant, campsite } = await makeContactsAccount(db);
    const created = await createContact(
      ctxFor(db, tenant),
      contactInput({ firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia@example.it', languageId: 1, nationId: 1, tags: ['famiglia'] }),
    );
    expect(created).toMatchObject({ campingId: campsite.id, ownerId: tenant.userId, version: 0, tags: ['Famiglia'], source: 'staff' });

    const read = await getContact(ctxFor(db, tenant), created.id);
    expect(read).toMatchObject({ languageName: 'Italiano', nationName: 'Italia' });

    const edited = await updateContact(ctxFor(db, tenant), created.id, contactInput({ firstName: 'Giulia', lastName: 'Bianchi Verdi', email: 'giulia@example.it' }));
    expect(edited).toMatchObject({ lastName: 'Bianchi Verdi', version: 1, languageId: null });
    const again = await updateContact(ctxFor(db, tenant), created.id, { city: 'Verona' });
    expect(again).toMatchObject({ lastName: 'Bianchi Verdi', city: 'Verona', version: 2 });

    const deleted = await deleteContact(ctxFor(db, tenant), created.id);
    expect(deleted.id).toBe(created.id);
    await expectAppError(getContact(ctxFor(db, tenant), created.id), 'not_found');
  });

  it('gives a contact typed in without a language the campsite’s first one; a chosen language stays', async () => {
    const { tenant, campsite } = await makeContactsAccount(db);
    await db.insert(campsiteLanguages).values([
      { campingId: campsite.id, languageId: 3, phonePrefix: '+49', position: 0 },
      { campingId: campsite.id, languageId: 1, phonePrefix: '+39', position: 1 },
    ]);
    const plain = await createContact(ctxFor(db, tenant), contactInput({ firstName: 'Cristina', lastName: 'Esposito' }));
    expect(plain.languageId).toBe(3);
    const chosen = await createContact(ctxFor(db, tenant), contactInput({ lastName: 'Dupont', languageId: 4 }));
    expect(chosen.languageId).toBe(4);
    const fromApi = await createContact(ctxFor(db, tenant), contactInput({ lastName: 'Api' }), { source: 'api' });
    expect(fromApi.languageId).toBeNull();
  });

  it('refuses unknown tags, languages and nations in Italian', async () => {
    const { tenant } = await makeContactsAccount(db);
    expect((await expectAppError(createContact(ctxFor(db, tenant), contactInput({ lastName: 'X', tags: ['Sconosciuta'] })), 'bad_request')).message).toContain(
      'Etichetta sconosciuta',
    );
    expect((await expectAppError(createContact(ctxFor(db, tenant), contactInput({ lastName: 'X', languageId: 999 })), 'bad_request')).message).toBe('Lingua sconosciuta.');
    expect((await expectAppError(createContact(ctxFor(db, tenant), contactInput({ lastName: 'X', nationId: 999 })), 'bad_request')).message).toBe('Nazione sconosciuta.');
  });

  it('refuses an edit that leaves neither name nor e-mail', async () => {
    const { tenant } = await makeContactsAccount(db);
    const created = await createContact(ctxFor(db, tenant), contactInput({ lastName: 'Solo' }));
    expect((await expectAppError(updateContact(ctxFor(db, tenant), created.id, { lastName: '' }), 'bad_request')).message).toBe(NAME_OR_EMAIL_REQUIRED);
  });
});

describe('duplicate e-mails within a campsite', () => {
  it('refuses them on create and edit, in any case, naming the existing contact', async () => {
    const { tenant } = await makeContactsAccount(db);
    const first = await createContact(ctxFor(db, tenant), contactInput({ firstName: 'Anna', lastName: 'Neri', email: 'Anna.Neri@Example.it' }));
    const error = await expectAppError(createContact(ctxFor(db, tenant), contactInput({ lastName: 'Altro', email: 'anna.neri@example.IT' })), 'conflict');
    expect(error.message).toBe('Esiste già un cliente con l’e-mail Anna.Neri@Example.it: Anna Neri.');
    expect(error.details).toEqual({ existingContactId: first.id });

    const second = await createContact(ctxFor(db, tenant), contactInput({ lastName: 'Secondo', email: 'secondo@example.it' }));
    await expectAppError(updateContact(ctxFor(db, tenant), second.id, { email: 'ANNA.NERI@example.it' }), 'conflict');
    // Saving a contact with its own address, in another case, is not a duplicate.
    expect((await updateContact(ctxFor(db, tenant), first.id, { email: 'anna.neri@example.it' })).email).toBe('anna.neri@example.it');
  });

  it('lets only one of two concurrent creates with the same address through', async () => {
    const { tenant } = await makeContactsAccount(db);
    const results = await Promise.allSettled([
      createContact(ctxFor(db, tenant), contactInput({ lastName: 'Uno', email: 'gara@example.it' })),
      createContact(ctxFor(db, tenant), contactInput({ lastName: 'Due', email: 'GARA@example.it' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflict' });
    const rows = await db.select().from(contacts).where(eq(contacts.campingId, tenant.campsiteId));
    expect(rows).toHaveLength(1);
  });

  it('still lets only one through when many race (without the lock, most would pass on PostgreSQL)', async () => {
    for (let round = 0; round < 3; round++) {
      const { tenant } = await makeContactsAccount(db);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, index) => createContact(ctxFor(db, tenant), contactInput({ lastName: `Ospite ${index}`, email: 'folla@example.it' }))),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'rejected').every((result) => (result as PromiseRejectedResult).reason?.kind === 'conflict')).toBe(true);
    }
  });

  it('allows the same address in another campsite', async () => {
    const one = await makeContactsAccount(db);
    const two = await makeContactsAccount(db);
    await createContact(ctxFor(db, one.tenant), contactInput({ lastName: 'A', email: 'condiviso@example.it' }));
    await expect(createContact(ctxFor(db, two.tenant), contactInput({ lastName: 'B', email: 'condiviso@example.it' }))).resolves.toBeTruthy();
  });

  it('lets a contact that shares its address on purpose (import) be edited without changing it', async () => {
    const { tenant } = await makeContactsAccount(db);
    const [a] = await insertContacts(db, tenant.campsiteId, [
      { lastName: 'Famiglia A', email: 'casa@example.it' },
      { lastName: 'Famiglia B', email: 'casa@example.it' },
    ]);
    await expect(updateContact(ctxFor(db, tenant), a.id, { notes: 'ok' })).resolves.toMatchObject({ notes: 'ok' });
  });
});

describe('search', () => {
  let tenant: Awaited<ReturnType<typeof makeContactsAccount>>['tenant'];
  beforeAll(async () => {
    ({ tenant } = await makeContactsAccount(db));
    await insertContacts(db, tenant.campsiteId, [
      { firstName: 'Jürgen', lastName: 'Müller', email: 'j.mueller@example.de', phonePrefix: '+49', phone: '171 555 0101' },
      { firstName: 'Niccolò', lastName: 'Bellàgamba', email: 'nicco@example.it', phonePrefix: '+39', phone: '333-123-4567' },
      { firstName: 'Sara', lastName: 'Rossetti', email: 'sara.rossetti@posta.it', phonePrefix: '+39', phone: '347 000 1111' },
      { firstName: 'Percento', lastName: '100%_Reale', email: null },
    ]);
  });

  const names = (items: ContactListItem[]) => items.map((item) => item.lastName).sort();
  const search = async (term: string) => names((await listContacts(ctxFor(db, tenant), { search: term })).items);

  it('finds by a fragment of the surname, accent-free and case-free', async () => {
    expect(await search('muller')).toEqual(['Müller']);
    expect(await search('MÜLL')).toEqual(['Müller']);
    expect(await search('gamba')).toEqual(['Bellàgamba']);
    expect(await search('nicolo')).toEqual([]);
    expect(await search('niccolo bella')).toEqual(['Bellàgamba']);
  });

  it('finds by a fragment of the e-mail', async () => {
    expect(await search('posta.it')).toEqual(['Rossetti']);
    expect(await search('@example')).toEqual(['Bellàgamba', 'Müller']);
  });

  it('finds by telephone digits, whatever the separators', async () => {
    expect(await search('1234567')).toEqual(['Bellàgamba']);
    expect(await search('333 123')).toEqual(['Bellàgamba']);
    expect(await search('+49 171')).toEqual(['Müller']);
    expect(await search('0001111')).toEqual(['Rossetti']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await search('100%_')).toEqual(['100%_Reale']);
    expect(await search('%')).toEqual(['100%_Reale']);
    expect(await search('_')).toEqual(['100%_Reale']);
  });
});

describe('keyset pagination', () => {
  it('returns every row exactly once across pages, for each sort, ties included', async () => {
    const { tenant } = await makeContactsAccount(db);
    const base = new Date('2026-03-01T10:00:00Z').getTime();
    const rows = Array.from({ length: 57 }, (_, index) => ({
      firstName: `Nome${index % 5}`,
      // Many equal surnames and creation times: the id must break the ties.
      lastName: ['Rossi', 'rossi', 'Bianchi', 'Verdi'][index % 4],
      email: index % 6 === 0 ? null : `ospite${index % 20}@example.it`,
      createdAt: new Date(base + Math.floor(index / 3) * 1000),
    }));
    const inserted = await insertContacts(db, tenant.campsiteId, rows);
    // Same-millisecond rows created by one statement (identical created_at, microseconds included).
    const sameInstant = await insertContacts(db, tenant.campsiteId, Array.from({ length: 8 }, (_, index) => ({ lastName: `Istante${index}` })));
    const expected = [...inserted, ...sameInstant].map((row) => row.id).sort();

    for (const sort of CONTACT_SORTS as readonly ContactSort[]) {
      const seen: ContactListItem[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await listContacts(ctxFor(db, tenant), { sort, cursor, limit: 7 });
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages++;
        expect(pages).toBeLessThan(20);
      } while (cursor);
      expect(seen.map((row) => row.id).sort(), sort).toEqual(expected);
      expect(new Set(seen.map((row) => row.id)).size).toBe(expected.length);
      const order = seen.map((row) => row.createdAt.getTime());
      if (sort === 'recenti') expect(order).toEqual([...order].sort((a, b) => b - a));
      if (sort === 'meno-recenti') expect(order).toEqual([...order].sort((a, b) => a - b));
      if (sort === 'email') expect(seen.slice(-(seen.filter((row) => !row.email).length)).every((row) => !row.email)).toBe(true);
    }
  });

  it('counts exactly up to 10,000 and past that says only that there are more', async () => {
    const { tenant } = await makeContactsAccount(db);
    const add = (count: number, surname: string) =>
      insertContacts(db, tenant.campsiteId, Array.from({ length: count }, (_, index) => ({ lastName: `${surname}${index}` })));
    for (let batch = 0; batch < 10; batch += 1) await add(1000, `Conteggio${batch}x`);
    expect(await countContacts(ctxFor(db, tenant))).toEqual({ count: 10_000, capped: false });
    expect(await countContacts(ctxFor(db, tenant), { search: 'conteggio3x' })).toEqual({ count: 1000, capped: false });
    await add(1, 'Ultimo');
    expect(await countContacts(ctxFor(db, tenant))).toEqual({ count: COUNT_CAP, capped: true });
    expect(await countContacts(ctxFor(db, tenant), { search: 'ultimo' })).toEqual({ count: 1, capped: false });
  });

  it('refuses a forged cursor in Italian', async () => {
    const { tenant } = await makeContactsAccount(db);
    const error = await expectAppError(listContacts(ctxFor(db, tenant), { cursor: 'non-un-cursore' }), 'bad_request');
    expect(error.message).toContain('Posizione di pagina non valida');
  });
});

describe('tenant isolation', () => {
  it('never shows another campsite’s contacts, and its ids are not found on get, detail, edit and delete', async () => {
    const mine = await makeContactsAccount(db);
    const theirs = await makeContactsAccount(db);
    await createContact(ctxFor(db, mine.tenant), contactInput({ lastName: 'Mio', email: 'mio@example.it' }));
    const foreign = await createContact(ctxFor(db, theirs.tenant), contactInput({ lastName: 'Loro', email: 'loro@example.it' }));

    const page = await listContacts(ctxFor(db, mine.tenant), { limit: 100 });
    expect(page.items.map((item) => item.lastName)).toEqual(['Mio']);
    expect((await listContacts(ctxFor(db, mine.tenant), { search: 'loro' })).items).toEqual([]);

    await expectAppError(getContact(ctxFor(db, mine.tenant), foreign.id), 'not_found');
    await expectAppError(getContactDetail(ctxFor(db, mine.tenant), foreign.id), 'not_found');
    await expectAppError(updateContact(ctxFor(db, mine.tenant), foreign.id, { lastName: 'Preso' }), 'not_found');
    await expectAppError(deleteContact(ctxFor(db, mine.tenant), foreign.id), 'not_found');
    await expectAppError(getContact(ctxFor(db, mine.tenant), 'id-inesistente'), 'not_found');
    expect(await getContact(ctxFor(db, theirs.tenant), foreign.id)).toMatchObject({ lastName: 'Loro', version: 0 });
  });
});
