import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { LegacyList } from '@/lib/legacy-api/shapes/list';
import { useTestDatabase } from '../helpers/db';
import { insertContacts } from '../helpers/contacts';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function account() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { packLevel: 10 });
  const token = await loginViaApi(dispatch, user.email);
  const call = (path: string, body?: unknown) => callApi(dispatch, 'POST', path, { token, body });
  return { campsite, token, call };
}

const ok = <T>(answer: { status: number; text: string; json: unknown }) => {
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
};

async function contactCount(campingId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(eq(contacts.campingId, campingId));
  return row.n;
}

describe('the legacy list calls', () => {
  it('create, read, edit, fill, page, empty and delete a list with the legacy field names', async () => {
    const { campsite, call } = await account();
    const created = ok<LegacyList>(await call('/addlist', { nome: 'Clienti estate', descrizione: 'Luglio' }));
    expect(created).toEqual({
      _id: expect.any(String),
      camping: campsite.id,
      nome: 'Clienti estate',
      descrizione: 'Luglio',
      idList: null,
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      __v: 0,
    });
    const edited = ok<LegacyList>(await call(`/editList/${created._id}`, { nome: 'Clienti estate 2027' }));
    expect(edited).toMatchObject({ nome: 'Clienti estate 2027', descrizione: 'Luglio', __v: 1 });

    const guests = await insertContacts(db, campsite.id, [
      { firstName: 'Anna', lastName: 'Neri', email: 'anna@example.it' },
      { firstName: 'Bruno', email: 'bruno@example.it', newsletterOptOutAt: new Date() },
      { firstName: 'Carla', email: null },
    ]);
    expect(ok(await call(`/addContactList/${created._id}`, { idContatti: guests.map((g) => g.id) }))).toEqual({ aggiunti: 3, giaPresenti: 0, iscritti: 3 });
    expect(ok(await call(`/addContactList/${created._id}`, { idContatti: guests[0].id }))).toEqual({ aggiunti: 0, giaPresenti: 1, iscritti: 3 });
    expect(ok(await call(`/getList/${created._id}`))).toMatchObject({ _id: created._id, iscritti: 3, ricevono: 1 });
    expect(ok<LegacyList[]>(await call('/getList/all')).map((list) => list._id)).toEqual([created._id]);

    const first = ok<{ contatti: { _id: string; stato: string }[]; nextCursor: string | null; totalRecords: number }>(
      await call(`/getListContact/lazy/${created._id}`, { limit: 2 }),
    );
    expect(first.totalRecords).toBe(3);
    expect(first.contatti).toHaveLength(2);
    const second = ok<{ contatti: { _id: string; stato: string }[]; nextCursor: string | null }>(
      await call(`/getListContact/lazy/${created._id}`, { limit: 2, cursor: first.nextCursor }),
    );
    expect(second.nextCursor).toBeNull();
    expect(second).toMatchObject({ totalRecords: null });
    const all = [...first.contatti, ...second.contatti];
    expect(new Set(all.map((m) => m._id))).toEqual(new Set(guests.map((g) => g.id)));
    expect(Object.fromEntries(all.map((m) => [m._id, m.stato]))).toEqual({ [guests[0].id]: 'attivo', [guests[1].id]: 'disiscritto', [guests[2].id]: 'senza-email' });
    // No body: the first page.
    expect(ok<{ contatti: unknown[] }>(await call(`/getListContact/lazy/${created._id}`)).contatti).toHaveLength(3);

    expect(ok(await call(`/deleteContactList/${created._id}`, { idContatto: guests[1].id }))).toEqual({ iscritti: 2 });
    expectErrorAnswer(await call(`/deleteContactList/${created._id}`, { idContatto: guests[1].id }), 404);
    expect(ok<LegacyList>(await call(`/deleteList/${created._id}`))._id).toBe(created._id);
    expectErrorAnswer(await call(`/getList/${created._id}`), 404);
    expect(await contactCount(campsite.id)).toBe(3);
  });

  it('answers 400 in Italian to bad input and changes nothing', async () => {
    const { campsite, call } = await account();
    expect(expectErrorAnswer(await call('/addlist', {}), 400)).toContain('nome');
    expect(expectErrorAnswer(await call('/addlist', { nome: '   ' }), 400)).toContain('Dai un nome alla lista');
    expectErrorAnswer(await call('/addlist', { nome: 'x'.repeat(121) }), 400);
    const list = ok<LegacyList>(await call('/addlist', { nome: 'Valida' }));
    expect(expectErrorAnswer(await call(`/addContactList/${list._id}`, { idContatti: [] }), 400)).toContain('almeno un cliente');
    expectErrorAnswer(await call(`/addContactList/${list._id}`, {}), 400);
    expectErrorAnswer(await call(`/addContactList/${list._id}`, { idContatti: [5] }), 400);
    expect(expectErrorAnswer(await call(`/deleteContactList/${list._id}`, {}), 400)).toContain('idContatto');
    expectErrorAnswer(await call(`/editList/${list._id}`, { nome: '' }), 400);
    expectErrorAnswer(await call(`/getListContact/lazy/${list._id}`, { cursor: 'rotto' }), 400);
    expectErrorAnswer(await call(`/getListContact/lazy/${list._id}`, { limit: 0 }), 400);
    expect(expectErrorAnswer(await call('/cv/api/newsletter/create-list', { nome: 'X', ospiti: [{ email: 'non-una-mail' }] }), 400)).toContain('e-mail');
    expect(expectErrorAnswer(await call('/cv/api/newsletter/create-list', { nome: 'X', ospiti: [{ email: 'a@example.it', lingua: 'klingon' }] }), 400)).toContain(
      'lingua sconosciuta',
    );
    expectErrorAnswer(await call('/cv/api/newsletter/create-list', { ospiti: [{ email: 'a@example.it' }] }), 400);
    expectErrorAnswer(await call('/cv/api/newsletter/create-list', { nome: 'X', ospiti: 'tutti' }), 400);
    const lists = await db.select().from(mailingLists).where(eq(mailingLists.campingId, campsite.id));
    expect(lists.map((row) => ({ name: row.name, version: row.version }))).toEqual([{ name: 'Valida', version: 0 }]);
    expect(await contactCount(campsite.id)).toBe(0);
  });

  it('keeps campsites apart', async () => {
    const owner = await account();
    const stranger = await account();
    const list = ok<LegacyList>(await owner.call('/addlist', { nome: 'Privata' }));
    const [ownerGuest] = await insertContacts(db, owner.campsite.id, [{ firstName: 'Segreto', email: 'segreto@example.it' }]);
    const [strangerGuest] = await insertContacts(db, stranger.campsite.id, [{ firstName: 'Estraneo', email: 'estraneo@example.it' }]);
    await owner.call(`/addContactList/${list._id}`, { idContatti: [ownerGuest.id] });
    for (const [path, body] of [
      [`/getList/${list._id}`, {}],
      [`/editList/${list._id}`, { nome: 'Rubata' }],
      [`/deleteList/${list._id}`, {}],
      [`/addContactList/${list._id}`, { idContatti: [strangerGuest.id] }],
      [`/deleteContactList/${list._id}`, { idContatto: ownerGuest.id }],
      [`/getListContact/lazy/${list._id}`, {}],
    ] as const) {
      const answer = await stranger.call(path, body);
      expectErrorAnswer(answer, 404);
      expect(answer.text).not.toContain('segreto@example.it');
    }
    expect(ok(await stranger.call('/getList/all'))).toEqual([]);
    // The owner cannot add the stranger's contact to their own list either.
    expectErrorAnswer(await owner.call(`/addContactList/${list._id}`, { idContatti: [strangerGuest.id] }), 404);
    expect(ok(await owner.call(`/getList/${list._id}`))).toMatchObject({ nome: 'Privata', iscritti: 1, __v: 0 });
  });
});

describe('/cv/api/newsletter/create-list', () => {
  it('matches guests by e-mail within the calling campsite and creates the missing ones', async () => {
    const pineta = await account();
    const lago = await account();
    const [known] = await insertContacts(db, pineta.campsite.id, [{ firstName: 'Già', lastName: 'Noto', email: 'Noto@Example.it', languageId: 1 }]);
    // Lago Azzurro has a contact with the same address as a new guest: it must not be used.
    const [foreign] = await insertContacts(db, lago.campsite.id, [{ firstName: 'Altrui', email: 'nuovo@example.de' }]);

    const answer = ok<{ idList: string; _id: string; ospiti: number; creati: number; esistenti: number; iscritti: number }>(
      await pineta.call('/cv/api/newsletter/create-list', {
        nome: 'Ospiti 2026',
        ospiti: [
          { email: 'noto@example.it', nome: 'Ignorato' },
          { email: 'nuovo@example.de', nome: 'Hans', cognome: 'Müller', lingua: 'de' },
          { email: 'NUOVO@example.de' },
          { email: 'terzo@example.nl', lingua: 5 },
        ],
      }),
    );
    expect(answer).toMatchObject({ _id: answer.idList, ospiti: 3, creati: 2, esistenti: 1, iscritti: 3 });

    const members = await db
      .select({ id: contacts.id, email: contacts.email, firstName: contacts.firstName, lastName: contacts.lastName, languageId: contacts.languageId, source: contacts.source, campingId: contacts.campingId })
      .from(listMemberships)
      .innerJoin(contacts, eq(contacts.id, listMemberships.contactId))
      .where(eq(listMemberships.listId, answer.idList));
    const byEmail = Object.fromEntries(members.map((m) => [m.email!.toLowerCase(), m]));
    expect(members.every((m) => m.campingId === pineta.campsite.id)).toBe(true);
    expect(byEmail['noto@example.it']).toMatchObject({ id: known.id, firstName: 'Già' });
    expect(byEmail['nuovo@example.de']).toMatchObject({ firstName: 'Hans', lastName: 'Müller', languageId: 3, source: 'platform' });
    expect(byEmail['nuovo@example.de'].id).not.toBe(foreign.id);
    expect(byEmail['terzo@example.nl']).toMatchObject({ languageId: 5, source: 'platform' });
    expect(await contactCount(lago.campsite.id)).toBe(1);
    expect(await contactCount(pineta.campsite.id)).toBe(3);
    const [list] = await db.select().from(mailingLists).where(and(eq(mailingLists.id, answer.idList), eq(mailingLists.campingId, pineta.campsite.id)));
    expect(list.name).toBe('Ospiti 2026');

    // A second list with the same guests creates nobody.
    const again = ok<{ creati: number; esistenti: number }>(await pineta.call('/cv/api/newsletter/create-list', { nome: 'Di nuovo', ospiti: [{ email: 'terzo@example.nl' }] }));
    expect(again).toMatchObject({ creati: 0, esistenti: 1 });
    expect(ok(await pineta.call('/cv/api/newsletter/create-list', { nome: 'Vuota' }))).toMatchObject({ ospiti: 0, iscritti: 0 });
  });
});
