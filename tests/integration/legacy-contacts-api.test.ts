import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { BOM, parseCsv } from '@/lib/contacts/csv';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { LegacyContact } from '@/lib/legacy-api/shapes/contact';
import { insertContacts, makeContactsAccount } from '../helpers/contacts';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/fixtures';
import { apiRequest, callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function account() {
  const made = await makeContactsAccount(db);
  const token = await loginViaApi(dispatch, made.user.email);
  return { ...made, token };
}

const newGuest = {
  nome: 'Hans',
  cognome: 'Müller',
  email: 'hans.mueller@example.de',
  prefisso: '+49',
  telefono: 1715550101,
  language: 3,
  nazione: '2',
  citta: 'München',
  indirizzo: 'Leopoldstraße 1',
  cap: 80802,
  note: 'Arriva in camper',
  tags: [{ name: 'VIP', color: '#f08c00' }],
};

describe('/addContact and /getContact/{id}', () => {
  it('creates a contact and answers the legacy shape', async () => {
    const { token, user, campsite } = await account();
    const answer = await callApi(dispatch, 'POST', '/addContact', { token, body: newGuest });
    expect(answer.status, answer.text).toBe(200);
    const created = answer.json as LegacyContact;
    expect(created).toEqual({
      _id: expect.any(String),
      clienteID: created._id,
      camping: campsite.id,
      owner: user.id,
      __v: 0,
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      language: 3,
      email: 'hans.mueller@example.de',
      nome: 'Hans',
      cognome: 'Müller',
      prefisso: '+49',
      telefono: '1715550101',
      nazione: 2,
      citta: 'München',
      indirizzo: 'Leopoldstraße 1',
      cap: '80802',
      note: 'Arriva in camper',
      tags: ['VIP'],
    });
    const read = await callApi(dispatch, 'POST', `/getContact/${created._id}`, { token });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created);
  });

  it('answers 400 to a contact with neither name nor e-mail and 409 to a duplicate e-mail', async () => {
    const { token } = await account();
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addContact', { token, body: { note: 'solo note' } }), 400)).toContain(
      'almeno il nome, il cognome o l’e-mail',
    );
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addContact', { token, body: { email: 'rotta' } }), 400)).toContain('Indirizzo e-mail non valido');
    await callApi(dispatch, 'POST', '/addContact', { token, body: { cognome: 'Primo', email: 'doppio@example.it' } });
    const conflict = await callApi(dispatch, 'POST', '/addContact', { token, body: { cognome: 'Secondo', email: 'DOPPIO@example.it' } });
    expect(expectErrorAnswer(conflict, 409)).toBe('Esiste già un cliente con l’e-mail doppio@example.it: Primo.');
    expect(conflict.json).toMatchObject({ existingContactId: expect.any(String) });
  });
});

describe('/editContact/{id}', () => {
  it('strips _id, camping, owner, __v, date_creation and language, changes the rest, bumps __v', async () => {
    const { token, user, campsite } = await account();
    const created = (await callApi(dispatch, 'POST', '/addContact', { token, body: newGuest })).json as LegacyContact;
    const edit = await callApi(dispatch, 'POST', `/editContact/${created._id}`, {
      token,
      body: {
        ...created,
        _id: 'altro-id',
        clienteID: 'ignorato',
        camping: 'altro-campeggio',
        owner: 'altro-utente',
        __v: 99,
        date_creation: '2000-01-01T00:00:00.000Z',
        language: 1,
        cognome: 'Müller-Lüdenscheidt',
        citta: '',
      },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({
      _id: created._id,
      camping: campsite.id,
      owner: user.id,
      __v: 1,
      date_creation: created.date_creation,
      language: 3,
      cognome: 'Müller-Lüdenscheidt',
      citta: '',
      email: created.email,
    });
    const partial = await callApi(dispatch, 'POST', `/editContact/${created._id}`, { token, body: { note: 'Solo la nota' } });
    expect(partial.json).toMatchObject({ note: 'Solo la nota', cognome: 'Müller-Lüdenscheidt', __v: 2 });
  });

  it('refuses an e-mail another contact has, and a change that empties name and e-mail', async () => {
    const { token } = await account();
    await callApi(dispatch, 'POST', '/addContact', { token, body: { cognome: 'Uno', email: 'uno@example.it' } });
    const two = (await callApi(dispatch, 'POST', '/addContact', { token, body: { cognome: 'Due', email: 'due@example.it' } })).json as LegacyContact;
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editContact/${two._id}`, { token, body: { email: 'UNO@example.it' } }), 409);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editContact/${two._id}`, { token, body: { cognome: '', email: '' } }), 400);
  });
});

describe('/getContact/lazy', () => {
  it('pages by cursor with the total, search, date filter and sort', async () => {
    const { token, campsite } = await account();
    await insertContacts(
      db,
      campsite.id,
      Array.from({ length: 23 }, (_, index) => ({
        lastName: `Ospite${String(index).padStart(2, '0')}`,
        email: `o${index}@example.it`,
        createdAt: new Date(Date.UTC(2026, 2, 1 + (index % 3), 10)),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const answer = await callApi(dispatch, 'POST', '/getContact/lazy', { token, body: { cursor, limit: 10, sort: 'nome' } });
      expect(answer.status, answer.text).toBe(200);
      const page = answer.json as { items: LegacyContact[]; nextCursor: string | null; total: number };
      seen.push(...page.items.map((item) => item.cognome));
      cursor = page.nextCursor;
      total = page.total;
    } while (cursor);
    expect(total).toBe(23);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, index) => `Ospite${String(index).padStart(2, '0')}`));

    const filtered = await callApi(dispatch, 'POST', '/getContact/lazy', { token, body: { dateFrom: '02/03/2026', search: 'ospite1' } });
    expect(filtered.json).toMatchObject({ total: 4, nextCursor: null });
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getContact/lazy', { token, body: { limit: 500 } }), 400);
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/getContact/lazy', { token, body: { dateFrom: '30/02/2026' } }), 400)).toContain('Data iniziale non valida');
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getContact/lazy', { token, body: { cursor: 'rotto' } }), 400);
  });
});

describe('/getContact/all', () => {
  it('streams every contact of the campsite as one JSON array', async () => {
    const { token, campsite } = await account();
    const other = await account();
    await insertContacts(db, other.campsite.id, [{ lastName: 'Estraneo' }]);
    await insertContacts(
      db,
      campsite.id,
      Array.from({ length: 1203 }, (_, index) => ({ lastName: `Tutti${index}` })),
    );
    const response = await dispatch(apiRequest('POST', '/getContact/all', { token }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const list = (await response.json()) as LegacyContact[];
    expect(list).toHaveLength(1203);
    expect(new Set(list.map((item) => item._id)).size).toBe(1203);
    expect(list.every((item) => item.camping === campsite.id)).toBe(true);

    const empty = await account();
    expect((await callApi(dispatch, 'POST', '/getContact/all', { token: empty.token })).json).toEqual([]);
  });
});

describe('/contactQuery', () => {
  it('finds by exact e-mail in any case, by text, by telephone digits', async () => {
    const { token, campsite } = await account();
    await insertContacts(db, campsite.id, [
      { firstName: 'Jürgen', lastName: 'Müller', email: 'jm@example.de', phonePrefix: '+49', phone: '171 555 0101' },
      { firstName: 'Maria', lastName: 'Muller', email: 'maria@example.it', phone: '333 1234567' },
    ]);
    const query = async (body: unknown) => ((await callApi(dispatch, 'POST', '/contactQuery', { token, body })).json as LegacyContact[]).map((c) => c.nome).sort();
    expect(await query({ email: 'JM@example.de' })).toEqual(['Jürgen']);
    expect(await query({ email: 'jm@example' })).toEqual([]);
    expect(await query({ search: 'muller' })).toEqual(['Jürgen', 'Maria']);
    expect(await query({ telefono: '+39 333-1234567' })).toEqual([]);
    expect(await query({ telefono: '1234567' })).toEqual(['Maria']);
    expect(await query({ telefono: 4915550101 })).toEqual([]);
    expect(await query({ telefono: '555 0101' })).toEqual(['Jürgen']);
    expect(await query({ search: 'muller', telefono: '0101' })).toEqual(['Jürgen']);
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/contactQuery', { token, body: {} }), 400)).toContain('Indica almeno');
  });

  it('answers at most 50 matches', async () => {
    const { token, campsite } = await account();
    await insertContacts(db, campsite.id, Array.from({ length: 60 }, (_, index) => ({ lastName: `Molti${index}` })));
    expect((await callApi(dispatch, 'POST', '/contactQuery', { token, body: { search: 'molti' } })).json).toHaveLength(50);
  });
});

describe('/deleteContact/{id}', () => {
  it('deletes and answers the deleted contact; a second delete is 404', async () => {
    const { token } = await account();
    const created = (await callApi(dispatch, 'POST', '/addContact', { token, body: { cognome: 'Via' } })).json as LegacyContact;
    const answer = await callApi(dispatch, 'POST', `/deleteContact/${created._id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ _id: created._id, cognome: 'Via' });
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteContact/${created._id}`, { token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/getContact/${created._id}`, { token }), 404);
  });
});

describe('/getUser/{id}', () => {
  it('answers a user of the same campsite in the legacy shape, 404 for another campsite’s', async () => {
    const { token, campsite } = await account();
    const colleague = await makeUser(db, campsite.id, { packLevel: 10 });
    const answer = await callApi(dispatch, 'POST', `/getUser/${colleague.id}`, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ _id: colleague.id, email: colleague.email, camping: campsite.id });
    expect(answer.text).not.toContain('argon2');
    const stranger = await account();
    expectErrorAnswer(await callApi(dispatch, 'POST', `/getUser/${stranger.user.id}`, { token }), 404);
  });
});

describe('/exportContacts', () => {
  it('answers the CSV as a download named with the day, honouring the filters', async () => {
    const { token, campsite } = await account();
    await insertContacts(db, campsite.id, [
      { lastName: 'Esportato', email: 'e@example.it' },
      { lastName: 'Filtrato', email: 'f@example.it' },
    ]);
    const response = await dispatch(apiRequest('POST', '/exportContacts', { token, body: { search: 'esport' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ExportDati_\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(BOM)).toBe(true);
    expect(parseCsv(text).records.map((record) => record[1])).toEqual(['Cognome', 'Esportato']);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/exportContacts', { token, body: { dateTo: 'ieri' } }), 400);
  });
});

describe('another campsite’s ids', () => {
  it('are 404 on get, edit and delete, and the contact stays untouched', async () => {
    const mine = await account();
    const theirs = await account();
    const foreign = (await callApi(dispatch, 'POST', '/addContact', { token: theirs.token, body: { cognome: 'Altrui', email: 'altrui@example.it' } }))
      .json as LegacyContact;
    for (const path of [`/getContact/${foreign._id}`, `/editContact/${foreign._id}`, `/deleteContact/${foreign._id}`]) {
      expect(expectErrorAnswer(await callApi(dispatch, 'POST', path, { token: mine.token, body: { cognome: 'Preso' } }), 404)).toBe('Cliente non trovato.');
    }
    expect((await callApi(dispatch, 'POST', `/getContact/${foreign._id}`, { token: theirs.token })).json).toMatchObject({ cognome: 'Altrui', __v: 0 });
    expect((await callApi(dispatch, 'POST', '/contactQuery', { token: mine.token, body: { email: 'altrui@example.it' } })).json).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents every contacts call with its answer', () => {
    const document = buildOpenApiDocument(legacyRoutes);
    for (const path of ['/getContact/all', '/getContact/lazy', '/getContact/{id}', '/getUser/{id}', '/addContact', '/editContact/{id}', '/deleteContact/{id}', '/contactQuery', '/exportContacts']) {
      const operation = document.paths[`/api${path}`]?.post as { tags: string[]; responses: Record<string, unknown> } | undefined;
      expect(operation, path).toBeDefined();
      expect(operation!.tags).toEqual(['contacts']);
    }
  });
});
