import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { LegacyImage } from '@/lib/legacy-api/shapes/image';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { carriesExifSecrets, HTML_AS_PNG, jpegWithExif, pngClaiming, SVG_IMAGE } from '../helpers/images';
import { API_ORIGIN, callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

/** A service account (pack level 0): the image manager is open to it. */
async function account() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { packLevel: 0 });
  return { campsite, token: await loginViaApi(dispatch, user.email) };
}

function multipart(token: string, fields: Record<string, string | Blob>, fileName = 'foto.jpg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  return dispatch(new Request(`${API_ORIGIN}/api/addImage`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
}

describe('/addImage', () => {
  it('takes a multipart file, re-encodes it and serves it publicly with safe headers', async () => {
    const { token, campsite } = await account();
    const response = await multipart(token, { file: new Blob([new Uint8Array(await jpegWithExif())], { type: 'image/jpeg' }), type: 'T1', category: 'Esterno' });
    expect(response.status).toBe(200);
    const image = (await response.json()) as LegacyImage;
    expect(image).toMatchObject({ camping: campsite.id, name: 'foto.jpg', mimetype: 'image/jpeg', type: 'T1', category: 'Esterno', url: `/api/getImage/${image._id}` });

    // No token: a mail recipient loads it.
    const served = await dispatch(new Request(`${API_ORIGIN}/api/getImage/${image._id}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(carriesExifSecrets(bytes)).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('takes JSON with base64 data (a data: URL too)', async () => {
    const { token } = await account();
    const data = `data:image/jpeg;base64,${(await jpegWithExif(10, 10)).toString('base64')}`;
    const answer = await callApi(dispatch, 'POST', '/addImage', { token, body: { data, name: 'piazzola.jpg', idTipologia: 'P1' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ name: 'piazzola.jpg', type: 'P1', width: 10, height: 10 });
  });

  it('refuses HTML renamed .png, SVG and oversized pictures with an Italian 400', async () => {
    const { token } = await account();
    for (const [bytes, name] of [
      [HTML_AS_PNG, 'foto.png'],
      [SVG_IMAGE, 'logo.svg'],
      [await pngClaiming(10_000, 10_000), 'enorme.png'],
    ] as const) {
      const response = await multipart(token, { image: new Blob([new Uint8Array(bytes)], { type: 'image/png' }) }, name);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { error: string }).error, name).toMatch(/immagine|megapixel/);
    }
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addImage', { token, body: { data: 'non base64!' } }), 400);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addImage', { token, body: {} }), 400);
  });
});

describe('the other image calls', () => {
  it('lists, reads, patches and deletes, only within the campsite', async () => {
    const { token, campsite } = await account();
    const other = await account();
    const bytes = (await jpegWithExif(8, 8)).toString('base64');
    const ids: string[] = [];
    for (const type of ['A', 'B', 'A']) {
      const answer = await callApi(dispatch, 'POST', '/addImage', { token, body: { data: bytes, type } });
      ids.push((answer.json as LegacyImage)._id);
    }
    const lazy = await callApi(dispatch, 'POST', '/imageManager/lazy', { token, body: { limit: 2 } });
    const page = lazy.json as { images: LegacyImage[]; nextCursor: string };
    expect(page.images.map((image) => image._id)).toEqual([ids[2], ids[1]]);
    const rest = await callApi(dispatch, 'POST', '/imageManager/lazy', { token, body: { limit: 2, cursor: page.nextCursor } });
    expect(rest.json).toMatchObject({ images: [{ _id: ids[0] }], nextCursor: null });

    const byType = await callApi(dispatch, 'GET', '/getImageQuery/A/Piazzola', { token });
    expect((byType.json as LegacyImage[]).map((image) => image._id)).toEqual([ids[2], ids[0]]);
    const query = await callApi(dispatch, 'POST', `/imageQuery/${campsite.id}`, { token, body: { type: 'B' } });
    expect((query.json as { images: LegacyImage[] }).images.map((image) => image._id)).toEqual([ids[1]]);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/imageQuery/${campsite.id}`, { token: other.token, body: {} }), 403);

    const object = await callApi(dispatch, 'POST', `/imageManager/getImageObject/${ids[0]}`, { token });
    expect(Buffer.from((object.json as { data: string }).data, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const patched = await callApi(dispatch, 'POST', `/patchImage/${ids[0]}`, { token, body: { category: 'Bagno', alt: 'Il bagno' } });
    expect(patched.json).toMatchObject({ type: 'A', category: 'Bagno', alt: 'Il bagno' });

    for (const [path, body] of [[`/imageManager/getImageObject/${ids[0]}`, {}], [`/patchImage/${ids[0]}`, { alt: 'rubata' }], [`/deleteImage/${ids[0]}`, {}]] as const) {
      expectErrorAnswer(await callApi(dispatch, 'POST', path, { token: other.token, body }), 404);
    }
    expect(await callApi(dispatch, 'POST', `/deleteImage/${ids[0]}`, { token, body: {} })).toMatchObject({ status: 200, json: { ok: true } });
    expectErrorAnswer(await callApi(dispatch, 'GET', `/getImage/${ids[0]}`), 404);
  });
});

describe('descriptions and typology categories', () => {
  it('writes, reads and deletes per-language descriptions', async () => {
    const { token, campsite } = await account();
    const other = await account();
    const html = '<p>Casa mobile con <strong>veranda</strong>.</p>';
    const added = await callApi(dispatch, 'POST', '/addDescription', { token, body: { idTipologia: 'CM1', idLingua: 1, descrizione: html } });
    expect(added.json).toMatchObject({ idTipologia: 'CM1', idLingua: 1, idCamp: campsite.id, descrizione: html });
    await callApi(dispatch, 'POST', '/addDescription', { token, body: { idTipologia: 'CM1', idLingua: 3, descrizione: '<p>Mobilheim</p>' } });
    await callApi(dispatch, 'POST', '/addDescription', { token, body: { idTipologia: 'CM1', idLingua: 1, descrizione: '<p>Nuova</p>' } });

    const one = await callApi(dispatch, 'GET', `/getDescription/CM1/1/${campsite.id}`, { token });
    expect(one.json).toMatchObject({ descrizione: '<p>Nuova</p>' });
    const all = await callApi(dispatch, 'GET', `/getAllDescription/CM1/${campsite.id}`, { token });
    expect((all.json as { idLingua: number }[]).map((row) => row.idLingua)).toEqual([1, 3]);
    expectErrorAnswer(await callApi(dispatch, 'GET', `/getDescription/CM1/1/${campsite.id}`, { token: other.token }), 403);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/deleteDescription/CM1/1', { token: other.token, body: {} }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addDescription', { token, body: { idTipologia: 'CM1', idLingua: 999, descrizione: 'x' } }), 400);

    await callApi(dispatch, 'POST', '/deleteDescription/CM1/1', { token, body: {} });
    expectErrorAnswer(await callApi(dispatch, 'GET', `/getDescription/CM1/1/${campsite.id}`, { token }), 404);
  });

  it('keeps the picture categories of each typology', async () => {
    const { token, campsite } = await account();
    const saved = await callApi(dispatch, 'POST', '/addTypologyCategory', { token, body: { idTipologia: 'CM1', categories: ['Esterno', 'Bagno', 'esterno'] } });
    expect(saved.json).toEqual({ idTipologia: 'CM1', idCamp: campsite.id, categories: ['Esterno', 'Bagno'] });
    expect((await callApi(dispatch, 'GET', `/getTypologyCategory/CM2/${campsite.id}`, { token })).json).toMatchObject({ categories: [] });
    expect((await callApi(dispatch, 'GET', `/getAllTypologyCategory/${campsite.id}`, { token })).json).toHaveLength(1);
    await callApi(dispatch, 'POST', '/deleteTypologyCategory/CM1', { token, body: {} });
    expect((await callApi(dispatch, 'GET', `/getAllTypologyCategory/${campsite.id}`, { token })).json).toEqual([]);
  });
});
