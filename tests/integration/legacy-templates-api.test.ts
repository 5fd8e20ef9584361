import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { LegacyTemplate } from '@/lib/legacy-api/shapes/template';
import { useTestDatabase } from '../helpers/db';
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
  return { campsite, token: await loginViaApi(dispatch, user.email) };
}

const add = async (token: string, body: unknown) => {
  const answer = await callApi(dispatch, 'POST', '/addTemplate', { token, body });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as LegacyTemplate;
};

describe('/addTemplate, /editTemplate, /getTemplate/all, /deleteTemplate', () => {
  it('works with the legacy field names end to end', async () => {
    const { token, campsite } = await account();
    const created = await add(token, { name: 'Angebot', html: '<p>Hallo {{nome}}</p>', note: 'de', images: [], lang: 3, isSollecito: false, _id: 'ignorato' });
    expect(created).toEqual({
      _id: expect.any(String),
      id: created._id,
      camping: campsite.id,
      name: 'Angebot',
      html: '<p>Hallo {{nome}}</p>',
      note: 'de',
      images: [],
      lang: 3,
      isSollecito: false,
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      __v: 0,
    });

    const edited = await callApi(dispatch, 'POST', `/editTemplate/${created._id}`, { token, body: { isSollecito: 'true', lang: '3', __v: 99, camping: 'altro' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ _id: created._id, name: 'Angebot', html: '<p>Hallo {{nome}}</p>', isSollecito: true, lang: 3, camping: campsite.id, __v: 1 });

    const all = await callApi(dispatch, 'POST', '/getTemplate/all', { token });
    expect(all.status).toBe(200);
    expect((all.json as LegacyTemplate[]).map((row) => row._id)).toEqual([created._id]);

    const deleted = await callApi(dispatch, 'POST', `/deleteTemplate/${created._id}`, { token });
    expect(deleted.status).toBe(200);
    expect((deleted.json as LegacyTemplate)._id).toBe(created._id);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteTemplate/${created._id}`, { token }), 404);
  });

  it('answers 400 in Italian to a nameless template, a bad language or a bad flag', async () => {
    const { token } = await account();
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addTemplate', { token, body: { html: '<p>x</p>' } }), 400)).toContain('Dai un nome al modello');
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addTemplate', { token, body: { name: 'x', lang: 'tedesco' } }), 400)).toContain('Lingua');
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addTemplate', { token, body: { name: 'x', lang: 999 } }), 400);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addTemplate', { token, body: { name: 'x', isSollecito: 'forse' } }), 400);
    const created = await add(token, { name: 'x' });
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editTemplate/${created._id}`, { token, body: { name: '' } }), 400);
  });

  it('keeps campsites apart', async () => {
    const owner = await account();
    const stranger = await account();
    const created = await add(owner.token, { name: 'Privato', html: '<p>segreto</p>' });
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editTemplate/${created._id}`, { token: stranger.token, body: { name: 'Rubato' } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteTemplate/${created._id}`, { token: stranger.token }), 404);
    const theirs = await callApi(dispatch, 'POST', '/getTemplate/all', { token: stranger.token });
    expect(theirs.json).toEqual([]);
    const query = await callApi(dispatch, 'POST', '/templateQuery', { token: stranger.token, body: {} });
    expect(query.json).toEqual([]);
  });
});

describe('/templateQuery', () => {
  it('filters by lang, isSollecito and name; {} lists all', async () => {
    const { token } = await account();
    const german = await add(token, { name: 'Erinnerung', lang: 3, isSollecito: true });
    const italian = await add(token, { name: 'Sollecito', lang: 1, isSollecito: true });
    const plain = await add(token, { name: 'Benvenuto', lang: 1 });
    const ids = async (body: unknown) => {
      const answer = await callApi(dispatch, 'POST', '/templateQuery', { token, body });
      expect(answer.status, answer.text).toBe(200);
      return (answer.json as LegacyTemplate[]).map((row) => row._id);
    };
    expect(await ids({})).toEqual([plain._id, german._id, italian._id]);
    expect(await ids({ lang: 1 })).toEqual([plain._id, italian._id]);
    expect(await ids({ lang: '3', isSollecito: true })).toEqual([german._id]);
    expect(await ids({ isSollecito: false })).toEqual([plain._id]);
    expect(await ids({ name: 'soll' })).toEqual([italian._id]);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/templateQuery', { token, body: { lang: 'x' } }), 400);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/templateQuery', { token, body: [] }), 400);
  });
});

describe('OpenAPI', () => {
  it('documents the five calls with their legacy input and answer', () => {
    const document = buildOpenApiDocument(legacyRoutes);
    const add = document.paths['/api/addTemplate'].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(add.requestBody.content['application/json'].schema.properties)).toEqual(['name', 'html', 'note', 'images', 'lang', 'isSollecito']);
    for (const path of ['/api/addTemplate', '/api/editTemplate/{id}', '/api/getTemplate/all', '/api/deleteTemplate/{id}', '/api/templateQuery']) {
      const operation = document.paths[path].post as { tags: string[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
      expect(operation.tags).toEqual(['templates-and-drafts']);
      expect(JSON.stringify(operation.responses['200'].content['application/json'].schema)).toContain('isSollecito');
    }
  });
});
