import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, configurations, contacts, quoteRequests, quotes } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { callApi, expectErrorAnswer, randomAddress, type Dispatch } from '../helpers/legacy-api';
import { makeFormCampsite, validValues } from '../helpers/public-form';

let db: Database;
let dispatch: Dispatch;
let setup: Awaited<ReturnType<typeof makeFormCampsite>>;
let other: Awaited<ReturnType<typeof makeFormCampsite>>;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
  setup = await makeFormCampsite(db);
  other = await makeFormCampsite(db, undefined, { platformCampId: 'DEMO-PINETA', localization: { de: { intro: 'Servus!' } } });
  await db.update(campsites).set({ localization: { de: { intro: 'Willkommen am See' }, it: { intro: 'Benvenuti al lago' } } }).where(eq(campsites.id, setup.campsite.id));
  await db.insert(configurations).values({ campingId: setup.campsite.id, group: 'emailInvioPreventivi', option: { mittente: 'Segreto', password: 'non-si-vede' } });
});

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAA';
const post = (path: string, body?: unknown) => callApi(dispatch, 'POST', path, body === undefined ? {} : { body });

/** Nothing secret of either campsite may appear in any public answer. */
function expectNoSecrets(text: string) {
  for (const campsite of [setup.campsite, other.campsite]) {
    expect(text).not.toContain(campsite.mailjetApiKey);
    expect(text).not.toContain(campsite.mailjetSecret);
  }
  expect(text).not.toMatch(/mailjet|password|non-si-vede/i);
}

describe('/addQuoteCamp', () => {
  it('stores the request like the form does and answers only ok', async () => {
    const payload = validValues();
    const answer = await post('/addQuoteCamp', { camp: setup.campsite.id, payload: { ...payload, idLingua: 3 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    const [contact] = await db.select().from(contacts).where(eq(contacts.email, payload.email as string));
    expect(contact).toMatchObject({ campingId: setup.campsite.id, source: 'form', languageId: 3 });
    const [quote] = await db.select().from(quotes).where(eq(quotes.contactId, contact.id));
    expect(quote).toMatchObject({ progress: 'richiesta', languageId: 3 });
    const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.quoteId, quote.id));
    expect(request.payload).toMatchObject({ nome: 'Hans', tipologia: 'Casa mobile Classic', lingua: 'de' });
  });

  it('answers 400 with the field errors in the form’s language, 404 for an unknown campsite and 429 when repeated', async () => {
    const refused = await post('/addQuoteCamp', { camp: setup.campsite.id, payload: validValues({ email: 'kaputt', idLingua: '3' }) });
    expect(expectErrorAnswer(refused, 400)).toContain('Bitte prüfen Sie die markierten Felder');
    expect(refused.json).toMatchObject({ fieldErrors: { email: expect.stringContaining('gültige E-Mail-Adresse') } });
    expectErrorAnswer(await post('/addQuoteCamp', { camp: UNKNOWN, payload: validValues() }), 404);
    expectErrorAnswer(await post('/addQuoteCamp', { camp: setup.campsite.id, payload: 'testo' }), 400);

    const ip = randomAddress();
    for (let n = 0; n < 5; n++) {
      const answer = await callApi(dispatch, 'POST', '/addQuoteCamp', { ip, body: { camp: setup.campsite.id, payload: validValues({ idLingua: 2 }) } });
      expect(answer.status, answer.text).toBe(200);
    }
    const limited = await callApi(dispatch, 'POST', '/addQuoteCamp', { ip, body: { camp: setup.campsite.id, payload: validValues({ idLingua: 2 }) } });
    expect(expectErrorAnswer(limited, 429)).toContain('You have sent several requests in a short time');
  });

  it('answers a filled honeypot like a success', async () => {
    const payload = validValues({ website: 'http://spam.example' });
    expect((await post('/addQuoteCamp', { camp: setup.campsite.id, payload })).json).toEqual({ ok: true });
    expect(await db.select().from(contacts).where(eq(contacts.email, payload.email as string))).toEqual([]);
  });
});

describe('the booking platform’s public calls', () => {
  it('answers each campsite’s own catalogue', async () => {
    const typologies = await post('/cv/api/tipologieCamp', { camp: setup.campsite.id });
    expect(typologies.status).toBe(200);
    expect(typologies.json).toContainEqual({ id: 'LA-MH-CLASSIC', nome: 'Casa mobile Classic', tipo: 'mobile-home', maxPersone: 4, prenotabileOnline: true });
    const theirs = await post('/cv/api/tipologieCamp', { camp: other.campsite.id });
    expect((theirs.json as { id: string }[]).every((typology) => typology.id.startsWith('PI-'))).toBe(true);

    const people = (await post('/cv/api/tipiPersonaCamp', { camp: setup.campsite.id })).json as { id: string; ordinamento: number }[];
    expect(people.map((type) => type.id)).toEqual(['LA-ADULTO', 'LA-BAMBINO', 'LA-NEONATO']);
    expect(people.map((type) => type.ordinamento)).toEqual([...people.map((type) => type.ordinamento)].sort((a, b) => b - a));

    expect((await post('/cv/api/mezziCamp', { camp: setup.campsite.id })).json).toContainEqual({ id: 'LA-CAMPER', nome: 'Camper' });
    expect((await post('/cv/api/serviziCamp', { camp: setup.campsite.id })).json).toContainEqual({ id: 'LA-CANE', nome: 'Cane', unita: 'per-night' });
    expect((await post('/cv/api/serviziFormCamp', { camp: setup.campsite.id })).json).toContainEqual({ id: 'LA-CANE', nome: 'Cane', unita: 'per-night' });
  });

  it.each(['/cv/api/tipologieCamp', '/cv/api/tipiPersonaCamp', '/cv/api/mezziCamp', '/cv/api/serviziCamp', '/cv/api/serviziFormCamp', '/getCamping/lingueNoAuth'])(
    '%s answers 404 for an unknown campsite and 400 without one',
    async (path) => {
      expect(expectErrorAnswer(await post(path, { camp: UNKNOWN }), 404)).toBe('Campeggio non trovato.');
      expectErrorAnswer(await post(path, {}), 400);
      expectErrorAnswer(await post(path, { camp: 'x'.repeat(200) }), 400);
    },
  );
});

describe('languages, nations and texts', () => {
  it('/getCamping/lingueNoAuth lists the campsite’s languages in its order with their prefix', async () => {
    const answer = await post('/getCamping/lingueNoAuth', { camp: setup.campsite.id });
    expect(answer.json).toEqual([
      { idLingua: 1, nomeLingua: 'Italiano', codice: 'it', prefisso: '+39' },
      { idLingua: 3, nomeLingua: 'Deutsch', codice: 'de', prefisso: '+49' },
      { idLingua: 2, nomeLingua: 'English', codice: 'en', prefisso: '+44' },
    ]);
  });

  it('/getCampingSettings/getNazioniELingueNoAuth gives nations with prefixes, and the campsite’s languages when asked', async () => {
    const all = (await post('/getCampingSettings/getNazioniELingueNoAuth', {})).json as { nazioni: unknown[]; lingue: { idLingua: number }[] };
    expect(all.nazioni).toContainEqual({ idNazione: 2, nomeNazione: 'Germania', iso: 'DE', prefisso: '+49' });
    expect(all.lingue.length).toBeGreaterThanOrEqual(10);
    const mine = (await post('/getCampingSettings/getNazioniELingueNoAuth', { camp: setup.campsite.id })).json as typeof all;
    expect(mine.lingue.map((language) => language.idLingua)).toEqual([1, 3, 2]);
    expectErrorAnswer(await post('/getCampingSettings/getNazioniELingueNoAuth', { camp: UNKNOWN }), 404);
  });

  it('/getLocalization/{campsite} gives that campsite’s texts only', async () => {
    const answer = await post(`/getLocalization/${setup.campsite.id}`);
    expect(answer.json).toEqual({ de: { intro: 'Willkommen am See' }, it: { intro: 'Benvenuti al lago' } });
    expect(answer.text).not.toContain('Servus');
    expectErrorAnswer(await post(`/getLocalization/${UNKNOWN}`), 404);
  });
});

describe.each(['/queryConfigNoAuth', '/queryConfigCamp'])('%s', (path) => {
  it('reads the groups a guest page needs', async () => {
    const form = await post(path, { camp: setup.campsite.id, group: 'formContatti' });
    expect(form.status, form.text).toBe(200);
    const [entry] = form.json as { camping: string; group: string; option: { campiFormContatti: { field: string }[] } }[];
    expect(entry).toMatchObject({ camping: setup.campsite.id, group: 'formContatti' });
    expect(entry.option.campiFormContatti.map((field) => field.field)).toContain('privacy');
    expect(((await post(path, { camp: setup.campsite.id, group: 'contatti' })).json as { option: unknown }[])[0].option).toMatchObject({ phone: '+39 045 000 0000' });
    expect((await post(path, { camp: setup.campsite.id, group: 'orari' })).status).toBe(200);
  });

  it('answers 404 to every other group (quote-sending settings, mailing keys) and to an unknown campsite', async () => {
    for (const group of ['emailInvioPreventivi', 'MailjetSecret', '__proto__', 'constructor', 'toString']) {
      const answer = await post(path, { camp: setup.campsite.id, group });
      expectErrorAnswer(answer, 404);
      expectNoSecrets(answer.text);
    }
    expectErrorAnswer(await post(path, { camp: UNKNOWN, group: 'formContatti' }), 404);
    expectErrorAnswer(await post(path, { camp: setup.campsite.id }), 400);
  });
});

describe('every public call of the form', () => {
  it('leaks no secret of any campsite', async () => {
    const camp = setup.campsite.id;
    const answers = await Promise.all([
      post('/cv/api/tipologieCamp', { camp }),
      post('/cv/api/tipiPersonaCamp', { camp }),
      post('/cv/api/mezziCamp', { camp }),
      post('/cv/api/serviziCamp', { camp }),
      post('/cv/api/serviziFormCamp', { camp }),
      post('/getCamping/lingueNoAuth', { camp }),
      post('/getCampingSettings/getNazioniELingueNoAuth', { camp }),
      post(`/getLocalization/${camp}`),
      ...['formContatti', 'contatti', 'orari'].flatMap((group) => [post('/queryConfigNoAuth', { camp, group }), post('/queryConfigCamp', { camp, group })]),
      post('/addQuoteCamp', { camp, payload: validValues() }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expectNoSecrets(answer.text);
    }
  });
});
