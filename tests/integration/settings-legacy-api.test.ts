import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, campsites, configurations } from '@/db/schema';
import { getCampsiteSettings } from '@/lib/campsites/settings';
import { isEncrypted } from '@/lib/crypto/secret-box';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function setup() {
  const campsite = await makeCampsite(db);
  const admin = await makeUser(db, campsite.id, { isAdmin: true });
  const staff = await makeUser(db, campsite.id);
  const other = await makeCampsite(db);
  const otherAdmin = await makeUser(db, other.id, { isAdmin: true });
  return {
    campsite,
    admin,
    adminToken: await loginViaApi(dispatch, admin.email),
    staffToken: await loginViaApi(dispatch, staff.email),
    otherToken: await loginViaApi(dispatch, otherAdmin.email),
  };
}

const ok = async (path: string, token: string, body?: unknown) => {
  const answer = await callApi(dispatch, 'POST', path, { token, body });
  expect(answer.status, `${path} ${answer.text}`).toBe(200);
  return answer.json as never;
};

describe('campsite-settings calls', () => {
  it('save then read each setting with the legacy names, and the service reads the same', async () => {
    const { campsite, admin, adminToken, staffToken } = await setup();
    expect(await ok(`/getCamping/orari/${campsite.id}`, staffToken)).toEqual({ orario: '09:00', checkin: [{ from: '10:00', to: '13:30' }], checkout: [{ from: '16:00', to: '19:30' }], note: '' });
    const hours = { orario: '08:00', checkin: [{ from: '10:00', to: '12:00' }, { from: '14:00', to: '18:00' }], checkout: [{ from: '08:00', to: '10:00' }], note: 'Nota' };
    expect(await ok('/setCamping/orari', adminToken, hours)).toEqual(hours);
    expect(await ok(`/getCamping/orari/${campsite.id}`, staffToken)).toEqual(hours);

    const contacts = { tel: '+39 045 1', whatsapp: '+39 333 2', mail: 'info@lago.example', indirizzo: 'Via 1', policyLink: 'https://lago.example/privacy' };
    expect(await ok('/setCamping/contatti', adminToken, contacts)).toEqual(contacts);
    expect(await ok(`/getCamping/contatti/${campsite.id}`, staffToken)).toEqual(contacts);

    const scale = [{ soglia: 0, colore: 'red', etichetta: 'Pieno' }, { soglia: 40, colore: 'green', etichetta: 'Libero' }];
    expect(await ok('/setCamping/occupazione', adminToken, { occupazione: scale })).toEqual(scale);
    expect(await ok('/getCamping/occupazione', staffToken)).toEqual(scale);

    await ok('/setCamping/campiFormContatti', adminToken, { campiFormContatti: [{ field: 'telefono', visible: false, required: true }] });
    const fields = (await ok('/getCamping/campiFormContatti', staffToken)) as { field: string; visible: boolean; required: boolean }[];
    expect(fields.find((f) => f.field === 'telefono')).toEqual({ field: 'telefono', visible: false, required: false });
    expect(fields.find((f) => f.field === 'email')).toEqual({ field: 'email', visible: true, required: true });

    expect(await ok('/setCamping/lingue', adminToken, { lingue: [{ idLingua: 2 }, { idLingua: '7' }, { idLingua: 5 }] })).toEqual([
      { idLingua: 2, nomeLingua: 'English', codice: 'en', prefisso: '+44' },
      { idLingua: 7, nomeLingua: 'Українська', codice: 'uk', prefisso: '+380' },
      { idLingua: 5, nomeLingua: 'Nederlands', codice: 'nl', prefisso: '+31' },
    ]);
    expect(((await ok('/getCamping/lingue', staffToken)) as unknown[]).length).toBe(3);
    const nations = (await ok('/getCampingSettings/getNazioniELingue', staffToken)) as { nazioni: unknown[]; lingue: unknown[]; lingueCampeggio: unknown[] };
    expect(nations.nazioni.length).toBeGreaterThan(0);
    expect(nations.lingueCampeggio).toHaveLength(3);

    await ok('/setLocalization', adminToken, { localization: { en: { 'guestForm.heading': 'Ask us' } } });
    expect(await ok(`/getLocalization/${campsite.id}`, '')).toEqual({ en: { 'guestForm.heading': 'Ask us' } });

    const settings = await getCampsiteSettings(ctxFor(db, tenantOf(admin)));
    expect(settings.openingHours.baseTime).toBe('08:00');
    expect(settings.contacts.email).toBe('info@lago.example');
    expect(settings.languages.map((l) => l.code)).toEqual(['en', 'uk', 'nl']);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.campingId, campsite.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['campsite.settings.contacts', 'campsite.settings.form-fields', 'campsite.settings.hours', 'campsite.settings.languages', 'campsite.settings.localization', 'campsite.settings.occupancy']);
  });

  it('bad values answer 400 with an Italian message, staff 403, another campsite’s admin 404, nothing changes', async () => {
    const { campsite, adminToken, staffToken, otherToken } = await setup();
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/setCamping/orari', { token: adminToken, body: { orario: '25:00', checkin: [], checkout: [] } }), 400)).toMatch(/orario|fascia/i);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/setCamping/contatti', { token: staffToken, body: { tel: '+39 1234567' } }), 403);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/setCamping/contatti', { token: otherToken, body: { camp: campsite.id, tel: '+39 1234567' } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/getCamping/orari/${campsite.id}`, { token: otherToken }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editCamping/${campsite.id}`, { token: otherToken, body: { urlToCV: 'https://x.example' } }), 404);
    const [row] = await db.select().from(campsites).where(eq(campsites.id, campsite.id));
    expect(row.contacts).toBeNull();
    expect(row.urlToCv).toBeNull();
  });
});

describe('/getCamping/{id} and /editCamping/{id}', () => {
  it('tags are read and saved; mailing keys are stored encrypted and never come back in clear', async () => {
    const { campsite, adminToken, staffToken } = await setup();
    const edited = (await ok(`/editCamping/${campsite.id}`, adminToken, {
      personalizedTags: [{ name: 'VIP', color: '#ff0000' }],
      personalizedQuoteTags: [{ name: 'Urgente', color: '#00ff00' }],
      MailjetAPI: 're_chiave-in-chiaro-AB12',
      MailjetSecret: 'whsec_firma-in-chiaro-CD34',
      urlToCV: 'NON DEFINITO',
      scontoSoloSuUnita: true,
    })) as Record<string, unknown>;
    expect(edited).toMatchObject({ personalizedTags: [{ name: 'VIP', color: '#ff0000' }], MailjetAPI: 'impostata (…AB12)', MailjetSecret: 'impostata (…CD34)', urlToCV: 'NON DEFINITO', scontoSoloSuUnita: true });
    for (const path of [`/getCamping/${campsite.id}`, '/getCamping/all', '/getConfigs', `/getMinisito/${campsite.id}`]) {
      const answer = await callApi(dispatch, 'POST', path, { token: staffToken });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toMatch(/in-chiaro/);
    }
    const [row] = await db.select().from(campsites).where(eq(campsites.id, campsite.id));
    expect(isEncrypted(row.mailjetApiKey!) && isEncrypted(row.mailjetSecret!)).toBe(true);
    expect(`${row.mailjetApiKey}${row.mailjetSecret}`).not.toMatch(/in-chiaro/);
    const audit = await db.select().from(auditLog).where(eq(auditLog.campingId, campsite.id));
    expect(JSON.stringify(audit)).not.toMatch(/in-chiaro/);

    // The record sent back as it came: nothing changes, the keys stay.
    await ok(`/editCamping/${campsite.id}`, adminToken, edited);
    const [again] = await db.select().from(campsites).where(eq(campsites.id, campsite.id));
    expect(again.mailjetApiKey).toBe(row.mailjetApiKey);

    expectErrorAnswer(await callApi(dispatch, 'POST', `/editCamping/${campsite.id}`, { token: adminToken, body: { name: 'Rinominato' } }), 403);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editCamping/${campsite.id}`, { token: staffToken, body: { urlToCV: 'https://x.example' } }), 403);
  });
});

describe('configurations', () => {
  it('add, read, query, edit, delete; admin only; another campsite’s row is 404; audited', async () => {
    const { campsite, adminToken, staffToken, otherToken } = await setup();
    const created = (await ok('/addConfig', adminToken, { group: 'emailInvioPreventivi', option: { mittente: 'Lago', replyTo: 'a@b.example', oggetto: 'Preventivo' } })) as { _id: string; camping: string; __v: number };
    expect(created).toMatchObject({ camping: campsite.id, __v: 0 });
    expect(((await ok('/getConfigs', staffToken)) as unknown[]).length).toBe(1);
    expect(((await ok('/queryConfig', staffToken, { group: 'emailInvioPreventivi' })) as unknown[]).length).toBe(1);
    expect(((await ok('/queryConfig', staffToken, { group: 'altro' })) as unknown[]).length).toBe(0);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addConfig', { token: staffToken, body: { group: 'x' } }), 403);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editConfig/${created._id}`, { token: otherToken, body: { option: { mittente: 'Altro' } } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteOption/${created._id}`, { token: otherToken }), 404);
    expect(await ok(`/editConfig/${created._id}`, adminToken, { option: { mittente: 'Lago 2' } })).toMatchObject({ option: { mittente: 'Lago 2' }, __v: 1 });

    // The public form's calls never expose the quote-sending settings.
    expectErrorAnswer(await callApi(dispatch, 'POST', '/queryConfigNoAuth', { body: { camp: campsite.id, group: 'emailInvioPreventivi' } }), 404);
    const publicContacts = await callApi(dispatch, 'POST', '/queryConfigCamp', { body: { camp: campsite.id, group: 'contatti' } });
    expect(publicContacts.text).not.toMatch(/Lago 2|mailjet/i);

    await ok(`/deleteOption/${created._id}`, adminToken);
    expect(await db.select().from(configurations).where(eq(configurations.campingId, campsite.id))).toHaveLength(0);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.campingId, campsite.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['configuration.add', 'configuration.delete', 'configuration.edit']);
  });

  it('/getMinisito answers name, contacts and hours; /getConfirms the accepted quotes (none here)', async () => {
    const { campsite, staffToken, otherToken } = await setup();
    expect(await ok(`/getMinisito/${campsite.id}`, staffToken)).toMatchObject({ camping: campsite.id, name: campsite.name, orari: { orario: '09:00' } });
    expect(await ok('/getConfirms', staffToken, { camp: campsite.id })).toEqual([]);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getConfirms', { token: otherToken, body: { camp: campsite.id } }), 404);
  });
});
