import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campsiteLanguages, campsites, configurations, legacyIdMap, legacyImports, loginTokens, mailOutbox, mailTraces, templates, users } from '@/db/schema';
import { loginWithPassword, loginWithToken, INVALID_CREDENTIALS } from '@/lib/auth/service';
import { IdMap } from '@/lib/legacy-import/ids';
import type { ImportCtx } from '@/lib/legacy-import/kind';
import { MASKED_KEY_REASON, settingsKind } from '@/lib/legacy-import/kinds/settings';
import { templatesKind } from '@/lib/legacy-import/kinds/templates';
import { EMAIL_OF_ANOTHER_CAMPSITE, usersKind } from '@/lib/legacy-import/kinds/users';
import { changeOwnPassword } from '@/lib/users/account';
import { inviteImportedUsers, inviteUsersOfImport } from '@/lib/workflows/invite-imported-users';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf, TEST_PASSWORD } from '../helpers/fixtures';

/*
 * The writing half of these kinds, fed pages as the old CRM answers them (its legacy JSON): every
 * run is a fresh IdMap, as a new run of the importer is. The reading half is proven against a
 * running second instance by the import test of the whole chain.
 */
const db = await useTestDatabase();
const hex = () => randomBytes(12).toString('hex');
const importCtx = (campsiteId: string): ImportCtx => ({ ...jobCtxFor(db, campsiteId, 'legacy-import'), ids: new IdMap(campsiteId, false), dryRun: false });
const client = { ip: '10.9.8.7', userAgent: 'prova' };

const oldUser = (values: Record<string, unknown>) => ({
  _id: hex(),
  email: `utente-${hex()}@vecchio.test`,
  name: 'Reception',
  camping: hex(),
  packLevel: 10,
  isAdmin: false,
  lastLogin: '2025-07-01T08:00:00.000Z',
  loginArray: ['2025-07-01T08:00:00.000Z'],
  date_creation: '2021-03-04T05:06:07.000Z',
  __v: 3,
  ...values,
});

describe('utenti', () => {
  it('keeps old ids and fields, lets no password in, skips an e-mail of another campsite and updates one of this campsite', async () => {
    const target = await makeCampsite(db);
    const other = await makeCampsite(db);
    const admin = await makeUser(db, target.id, { isAdmin: true, name: 'Primo amministratore' });
    const stranger = await makeUser(db, other.id);
    const fresh = oldUser({ email: `Nuovo-${hex()}@Vecchio.test`, name: 'Giulia', isAdmin: true });
    const same = oldUser({ email: admin.email, name: 'Mario Rossi', packLevel: 0 });
    const foreign = oldUser({ email: stranger.email });
    const broken = oldUser({ email: 42 });

    const first = await usersKind.write(importCtx(target.id), [fresh, same, foreign, broken]);
    expect(first.written).toBe(2);
    expect(first.skipped).toEqual([
      { kind: 'utenti', oldId: broken._id, reason: expect.stringContaining('email') },
      { kind: 'utenti', oldId: foreign._id, reason: `${stranger.email}: ${EMAIL_OF_ANOTHER_CAMPSITE}` },
    ]);

    const [created] = await db.select().from(users).where(eq(users.id, fresh._id));
    expect(created).toMatchObject({
      campingId: target.id,
      email: fresh.email.toLowerCase(),
      name: 'Giulia',
      isAdmin: true,
      packLevel: 10,
      version: 3,
      createdAt: new Date(fresh.date_creation),
      lastLoginAt: new Date(fresh.lastLogin),
    });
    // No password opens the imported account.
    await expect(loginWithPassword(db, { email: created.email, password: TEST_PASSWORD, kind: 'api' }, client)).rejects.toThrow(INVALID_CREDENTIALS);

    // The campsite's own user with that e-mail is the old user: updated, its id and password kept, the old id mapped onto it.
    const [updated] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(updated).toMatchObject({ name: 'Mario Rossi', packLevel: 0, passwordHash: admin.passwordHash });
    const [mapped] = await db.select().from(legacyIdMap).where(and(eq(legacyIdMap.campingId, target.id), eq(legacyIdMap.oldId, same._id)));
    expect(mapped).toMatchObject({ kind: 'utenti', newId: admin.id });
    expect(await db.select().from(users).where(eq(users.id, foreign._id))).toEqual([]);
    expect(await usersKind.countHere(db, target.id)).toBe(2);

    const again = await usersKind.write(importCtx(target.id), [fresh, same, foreign, broken]);
    expect(again).toMatchObject({ written: 0, unchanged: 2 });
    // As the report asks: the map loaded, then the record read back here.
    const reading = importCtx(target.id);
    await reading.ids.load(db, 'utenti', [same._id]);
    expect(await usersKind.showHere!(reading, same._id)).toMatchObject({ name: 'Mario Rossi', email: admin.email, __v: 3 });
  });

  it('invites the imported users only when asked, once per import, with a link that opens the session to choose a password', async () => {
    const target = await makeCampsite(db, { name: 'Camping del Lago' });
    const owner = await makeUser(db, target.id, { isAdmin: true });
    const fresh = oldUser({ name: 'Luca' });
    await usersKind.write(importCtx(target.id), [fresh]);
    // Importing sends nothing.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id))).toEqual([]);
    const [run] = await db.insert(legacyImports).values({ campingId: target.id, sourceUrl: 'https://vecchio.test', status: 'done' }).returning();

    const sent = await inviteImportedUsers(jobCtxFor(db, target.id), run.id, { origin: 'https://crm.nuovo.test' });
    expect(sent).toEqual({ invited: [fresh.email], alreadyInvited: [] });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id));
    expect(mail).toMatchObject({ kind: 'user-invitation', recipients: [fresh.email], subject: 'Il tuo accesso al nuovo CRM di Camping del Lago', mailTraceId: null });
    // The link opens a session: it is on no contact's history.
    expect(await db.select().from(mailTraces).where(eq(mailTraces.campingId, target.id))).toEqual([]);

    const twice = await inviteImportedUsers(jobCtxFor(db, target.id), run.id, { origin: 'https://crm.nuovo.test' });
    expect(twice).toEqual({ invited: [], alreadyInvited: [fresh.email] });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id))).toHaveLength(1);
    expect(await db.select().from(loginTokens).where(eq(loginTokens.userId, fresh._id))).toHaveLength(1);

    const token = decodeURIComponent(/https:\/\/crm\.nuovo\.test\/loginCV\/([^"<\s]+)/.exec(mail.html)![1]);
    const opened = await loginWithToken(db, token, 'api', client);
    expect(opened.user.id).toBe(fresh._id);
    await expect(loginWithToken(db, token, 'api', client)).rejects.toThrow();
    // The owner of an open session without a password chooses one, without an old one.
    await changeOwnPassword(ctxFor(db, { ...tenantOf(opened.user, opened.sessionId) }), { oldPassword: '', newPassword: 'Nuova-password-2026' });
    const login = await loginWithPassword(db, { email: fresh.email, password: 'Nuova-password-2026', kind: 'api' }, client);
    expect(login.user.id).toBe(fresh._id);
    // A user with a password still needs the old one.
    await expect(changeOwnPassword(ctxFor(db, tenantOf(owner)), { oldPassword: '', newPassword: 'Altra-password-2026' })).rejects.toThrow('La password attuale non è corretta.');
    // Once chosen, a new invitation leaves the user alone.
    const [later] = await db.insert(legacyImports).values({ campingId: target.id, sourceUrl: 'https://vecchio.test', status: 'done' }).returning();
    expect(await inviteImportedUsers(jobCtxFor(db, target.id), later.id)).toEqual({ invited: [], alreadyInvited: [] });
  });

  it('lets the operator invite the users of an import into another campsite from its report, and nobody else', async () => {
    const home = await makeCampsite(db, { name: 'Fornitore' });
    const operator = tenantOf(await makeUser(db, home.id, { isOperator: true, isAdmin: true }));
    const target = await makeCampsite(db, { name: 'Camping Vecchio Mulino' });
    const staff = tenantOf(await makeUser(db, target.id, { isAdmin: true }));
    const first = oldUser({ name: 'Anna' });
    const second = oldUser({ name: 'Bruno' });
    await usersKind.write(importCtx(target.id), [first, second]);
    const [done] = await db.insert(legacyImports).values({ campingId: target.id, sourceUrl: 'https://vecchio.test', status: 'done' }).returning();
    const [trial] = await db.insert(legacyImports).values({ campingId: target.id, sourceUrl: 'https://vecchio.test', status: 'done', dryRun: true }).returning();
    const [running] = await db.insert(legacyImports).values({ campingId: target.id, sourceUrl: 'https://vecchio.test', status: 'running' }).returning();

    // The campsite's own administrator cannot send them: the screen is the operator's.
    await expect(inviteUsersOfImport(ctxFor(db, staff), done.id)).rejects.toThrow();
    await expect(inviteUsersOfImport(ctxFor(db, operator), trial.id)).rejects.toThrow('Una prova di importazione non ha portato utenti da invitare.');
    await expect(inviteUsersOfImport(ctxFor(db, operator), running.id)).rejects.toThrow('L’importazione non è conclusa');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id))).toEqual([]);

    const sent = await inviteUsersOfImport(ctxFor(db, operator), done.id, { origin: 'https://crm.nuovo.test' });
    expect(sent).toEqual({ invited: [first.email, second.email].sort(), alreadyInvited: [] });
    // Written in the import's campsite, not in the operator's.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id));
    expect(mails.map((mail) => mail.recipients).flat().sort()).toEqual([first.email, second.email].sort());
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, home.id))).toEqual([]);
    const tokens = await db.select().from(loginTokens).where(eq(loginTokens.campingId, target.id));
    expect(tokens.map((token) => token.userId).sort()).toEqual([first._id, second._id].sort());

    // Pressed again: nothing new leaves, no second link exists.
    expect(await inviteUsersOfImport(ctxFor(db, operator), done.id)).toEqual({ invited: [], alreadyInvited: [first.email, second.email].sort() });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.id))).toHaveLength(2);
    expect(await db.select().from(loginTokens).where(eq(loginTokens.campingId, target.id))).toHaveLength(2);
  });
});

const oldSettings = (campsiteOldId: string, configId: string) => ({
  _id: campsiteOldId,
  camping: {
    _id: campsiteOldId,
    name: 'Camping Vecchio Mulino',
    lucee: false,
    MailjetAPI: 'impostata (…1234)',
    MailjetSecret: null,
    MonthlyEmailSent: 12,
    urlToCV: 'NON DEFINITO',
    personalizedTags: [{ name: 'VIP', color: 'red' }],
    personalizedQuoteTags: [{ name: 'Gruppo', color: '#123456' }],
    scontoSoloSuUnita: true,
    date_creation: '2019-01-02T03:04:05.000Z',
    __v: 7,
  },
  orari: { orario: '08:30', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '07:00', to: '11:00' }], note: 'Reception chiusa a pranzo' },
  contatti: { tel: '+39 0461 123456', whatsapp: '', mail: 'info@mulino.test', indirizzo: 'Via del Lago 1', policyLink: 'https://mulino.test/privacy' },
  occupazione: [
    { soglia: 0, colore: 'red', etichetta: 'Pieno' },
    { soglia: 50, colore: 'green', etichetta: 'Libero' },
  ],
  campiFormContatti: [
    { field: 'nome', visible: true, required: true },
    { field: 'email', visible: true, required: true },
  ],
  lingue: [
    { idLingua: 3, nomeLingua: 'Deutsch', codice: 'de', prefisso: '+49' },
    { idLingua: 1, nomeLingua: 'Italiano', codice: 'it', prefisso: '+39' },
  ],
  localization: { de: { titolo: 'Willkommen' } },
  configs: [{ _id: configId, camping: campsiteOldId, group: 'emailInvioPreventivi', option: { mittente: 'Mulino', oggetto: 'Il tuo preventivo' }, date_creation: '2020-05-06T07:08:09.000Z', __v: 2 }],
});

describe('impostazioni', () => {
  it('writes the settings as one page, reports the masked key, and a second run changes nothing', async () => {
    const target = await makeCampsite(db);
    const configId = hex();
    const page = [oldSettings(hex(), configId)];

    const first = await settingsKind.write(importCtx(target.id), page);
    expect(first).toMatchObject({ written: 1, unchanged: 0 });
    expect(first.skipped).toEqual([{ kind: 'impostazioni', oldId: `${page[0]._id}:MailjetAPI`, reason: MASKED_KEY_REASON }]);

    const [row] = await db.select().from(campsites).where(eq(campsites.id, target.id));
    expect(row).toMatchObject({
      name: 'Camping Vecchio Mulino',
      urlToCv: null,
      discountOnlyOnUnit: true,
      mailjetApiKey: null,
      personalizedTags: [{ name: 'VIP', color: 'red' }],
      personalizedQuoteTags: [{ name: 'Gruppo', color: '#123456' }],
      openingHours: { baseTime: '08:30', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '07:00', to: '11:00' }], notes: 'Reception chiusa a pranzo' },
      contacts: { phone: '+39 0461 123456', whatsapp: '', email: 'info@mulino.test', address: 'Via del Lago 1', policyLink: 'https://mulino.test/privacy' },
      occupancyScale: [
        { threshold: 0, color: 'red', label: 'Pieno' },
        { threshold: 50, color: 'green', label: 'Libero' },
      ],
      localization: { de: { titolo: 'Willkommen' } },
      createdAt: new Date('2019-01-02T03:04:05.000Z'),
      version: 7,
    });
    expect(row.contactFormFields?.slice(0, 2)).toEqual([
      { field: 'nome', visible: true, required: true },
      { field: 'email', visible: true, required: true },
    ]);
    const languages = await db.select().from(campsiteLanguages).where(eq(campsiteLanguages.campingId, target.id));
    expect(languages.map(({ languageId, phonePrefix, position }) => ({ languageId, phonePrefix, position })).sort((a, b) => a.position - b.position)).toEqual([
      { languageId: 3, phonePrefix: '+49', position: 0 },
      { languageId: 1, phonePrefix: '+39', position: 1 },
    ]);
    const [config] = await db.select().from(configurations).where(eq(configurations.id, configId));
    expect(config).toMatchObject({ campingId: target.id, group: 'emailInvioPreventivi', option: { mittente: 'Mulino', oggetto: 'Il tuo preventivo' }, version: 2 });

    const again = await settingsKind.write(importCtx(target.id), page);
    expect(again).toMatchObject({ written: 0, unchanged: 1 });
    expect(await settingsKind.countHere(db, target.id)).toBe(1);
  });

  it('an invalid part is skipped with its reason and the rest is written', async () => {
    const target = await makeCampsite(db);
    const page = oldSettings(hex(), hex());
    const outcome = await settingsKind.write(importCtx(target.id), [{ ...page, orari: { ...page.orari, orario: '25:99' } }]);
    expect(outcome.written).toBe(1);
    expect(outcome.skipped).toContainEqual({ kind: 'impostazioni', oldId: `${page._id}:orari`, reason: expect.stringContaining('Orario base') });
    const [row] = await db.select().from(campsites).where(eq(campsites.id, target.id));
    expect(row).toMatchObject({ name: 'Camping Vecchio Mulino', openingHours: null });
  });
});

describe('template', () => {
  it('keeps the templates under their old ids, skips one in a language unknown here, and a second run changes nothing', async () => {
    const target = await makeCampsite(db);
    const template = (values: Record<string, unknown>) => ({
      _id: hex(),
      camping: hex(),
      name: 'Conferma',
      html: '<p>Gentile {{nome}}</p>',
      note: 'per le famiglie',
      images: [hex()],
      lang: 3,
      isSollecito: true,
      date_creation: '2022-02-02T02:02:02.000Z',
      __v: 4,
      ...values,
    });
    const good = template({});
    const plain = template({ lang: null, isSollecito: false, images: [] });
    const unknownLanguage = template({ lang: 9999 });
    const items = [good, plain, unknownLanguage].map((entry) => ({ ...entry, id: entry._id }));

    const first = await templatesKind.write(importCtx(target.id), items);
    expect(first).toMatchObject({ written: 2, unchanged: 0, skipped: [{ kind: 'template', oldId: unknownLanguage._id, reason: 'lingua 9999 sconosciuta qui' }] });
    const [row] = await db.select().from(templates).where(eq(templates.id, good._id));
    expect(row).toMatchObject({ campingId: target.id, name: 'Conferma', html: good.html, note: 'per le famiglie', imageIds: good.images, languageId: 3, isReminder: true, version: 4, purpose: 'quote' });
    expect(await templatesKind.showHere!(importCtx(target.id), good._id)).toEqual({
      name: 'Conferma',
      html: good.html,
      note: 'per le famiglie',
      images: 1,
      lang: 3,
      isSollecito: true,
      date_creation: good.date_creation,
      __v: 4,
    });
    expect(await templatesKind.write(importCtx(target.id), items)).toMatchObject({ written: 0, unchanged: 2 });
    expect(await templatesKind.countHere(db, target.id)).toBe(2);
  });
});
