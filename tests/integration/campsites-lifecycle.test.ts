import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, campsiteLanguages, campsites, configurations, images, mailingLists, mailTraces, notifications, productUpdates, productUpdateViews, templates, users } from '@/db/schema';
import { campsiteDeletionSummary, createCampsite, deleteCampsite, listCampsites } from '@/lib/campsites/admin';
import { newCampsiteSchema } from '@/lib/campsites/admin-validation';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { createUpdate, markUpdateViewed } from '@/lib/updates/service';
import { newUpdateSchema } from '@/lib/updates/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { makeNotificationsAccount } from '../helpers/notifications';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const unique = () => Math.random().toString(36).slice(2, 10);

async function makeOperator() {
  const provider = await makeCampsite(db, { name: `Fornitore ${unique()}` });
  const user = await makeUser(db, provider.id, { isAdmin: true, isOperator: true });
  return { provider, user, tenant: tenantOf(user), token: await loginViaApi(dispatch, user.email) };
}

describe('adding a campsite', () => {
  it('creates the campsite with its defaults and a first admin who can log in', async () => {
    const operator = await makeOperator();
    const email = `Nuovo-${unique()}@Campeggio.test`;
    const answer = await callApi(dispatch, 'POST', '/addCamping', {
      token: operator.token,
      body: { name: 'Camping Nuovo', lucee: 'true', urlToCV: 'https://cv.example/nuovo', platformCampId: 'NEW-1', email, password: 'Montagna2026' },
    });
    expect(answer.status, answer.text).toBe(200);
    const created = answer.json as { _id: string; name: string; lucee: boolean; urlToCV: string };
    expect(created).toMatchObject({ name: 'Camping Nuovo', lucee: true, urlToCV: 'https://cv.example/nuovo' });

    const [row] = await db.select().from(campsites).where(eq(campsites.id, created._id));
    expect(row.platformCampId).toBe('NEW-1');
    expect(row.openingHours).toMatchObject({ baseTime: '09:00', checkin: [{ from: '10:00', to: '13:30' }], checkout: [{ from: '16:00', to: '19:30' }] });
    expect(row.occupancyScale?.map((step) => [step.threshold, step.color])).toEqual([[0, 'red'], [33, 'orange'], [66, 'yellow'], [100, 'green']]);
    expect(row.contactFormFields?.find((field) => field.field === 'email')).toEqual({ field: 'email', visible: true, required: true });
    const languages = await db.select().from(campsiteLanguages).where(eq(campsiteLanguages.campingId, created._id)).orderBy(campsiteLanguages.position);
    expect(languages.map((language) => [language.languageId, language.phonePrefix])).toEqual([[1, '+39'], [2, '+44'], [7, '+380']]);

    const [admin] = await db.select().from(users).where(eq(users.campingId, created._id));
    expect(admin).toMatchObject({ email: email.toLowerCase(), name: email.toLowerCase(), isAdmin: true, isOperator: false, packLevel: 10 });
    const adminToken = await loginViaApi(dispatch, email.toLowerCase(), 'Montagna2026');
    const own = await callApi(dispatch, 'POST', '/getCamping/all', { token: adminToken });
    expect((own.json as { _id: string }[]).map((campsite) => campsite._id)).toEqual([created._id]);

    const audit = await db.select().from(auditLog).where(eq(auditLog.campingId, created._id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'campsite.create', actorUserId: operator.user.id });
    expect(JSON.stringify(audit[0])).not.toContain('Montagna2026');
  });

  it('refuses a weak password or a taken e-mail in Italian, and creates nothing', async () => {
    const operator = await makeOperator();
    const before = (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(campsites))[0].n;
    const base = { name: 'Camping Rifiutato', email: `rifiutato-${unique()}@prova.test` };
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addCamping', { token: operator.token, body: { ...base, password: 'corta1' } }), 400)).toContain('almeno 10 caratteri');
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addCamping', { token: operator.token, body: { ...base, password: 'solamentelettere' } }), 400)).toContain('una lettera e una cifra');
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addCamping', { token: operator.token, body: { ...base, password: '12345678901' } }), 400)).toContain('una lettera e una cifra');
    const taken = await callApi(dispatch, 'POST', '/addCamping', { token: operator.token, body: { ...base, email: operator.user.email, password: 'Montagna2026' } });
    expect(expectErrorAnswer(taken, 409)).toContain('e-mail');
    const after = (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(campsites))[0].n;
    expect(after).toBe(before);
  });
});

describe('roles', () => {
  it('gives a campsite admin 403 on add and delete, and only their own campsite in /getCamping/all', async () => {
    const operator = await makeOperator();
    const mine = await makeCampsite(db);
    const other = await makeCampsite(db);
    const admin = await makeUser(db, mine.id, { isAdmin: true });
    const staff = await makeUser(db, mine.id);
    for (const user of [admin, staff]) {
      const token = await loginViaApi(dispatch, user.email);
      expectErrorAnswer(await callApi(dispatch, 'POST', '/addCamping', { token, body: { name: 'X', email: `x-${unique()}@prova.test`, password: 'Montagna2026' } }), 403);
      expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteCamping/${other.id}`, { token, body: { name: other.name } }), 403);
      const all = await callApi(dispatch, 'POST', '/getCamping/all', { token });
      expect((all.json as { _id: string }[]).map((campsite) => campsite._id)).toEqual([mine.id]);
    }
    // The data layer refuses too, whatever the entry point.
    expect((await failure(createCampsite(ctxFor(db, tenantOf(admin)), newCampsiteSchema.parse({ name: 'X', email: `y-${unique()}@prova.test`, password: 'Montagna2026' })))).status).toBe(403);
    expect((await failure(deleteCampsite(ctxFor(db, tenantOf(admin)), { id: other.id, confirmName: other.name }))).status).toBe(403);
    expect((await failure(listCampsites(ctxFor(db, tenantOf(staff))))).status).toBe(403);
    expect(await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, other.id))).toHaveLength(1);

    const everything = await callApi(dispatch, 'POST', '/getCamping/all', { token: operator.token });
    const ids = (everything.json as { _id: string }[]).map((campsite) => campsite._id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, other.id, operator.provider.id]));
  });

  it('lets the operator search campsites by name', async () => {
    const operator = await makeOperator();
    const tag = unique();
    const found = await makeCampsite(db, { name: `Camping Ricerca ${tag}` });
    const page = await listCampsites(ctxFor(db, operator.tenant), { search: `ricerca ${tag}` });
    expect(page.items.map((campsite) => campsite.id)).toEqual([found.id]);
  });
});

/** Every table with a camping_id column, read from the catalogue so a new table is covered too. */
async function tenantTables(): Promise<string[]> {
  const rows = await db.execute(sql`select table_name from information_schema.columns where column_name = 'camping_id' and table_schema = current_schema() order by table_name`);
  return (rows as unknown as { rows?: { table_name: string }[] }).rows?.map((row) => row.table_name) ?? (rows as unknown as { table_name: string }[]).map((row) => row.table_name);
}

async function rowCounts(campsiteId: string, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where camping_id = ${campsiteId}`);
    const rows = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

/** A campsite with rows in most of its tables: guests, quotes, mails, images, lists, templates, logins… */
async function populatedCampsite(operatorTenant: ReturnType<typeof tenantOf>) {
  const account = await makeNotificationsAccount(db);
  const campingId = account.campsite.id;
  await loginViaApi(dispatch, account.user.email);
  await db.insert(templates).values({ campingId, name: 'Modello' });
  await db.insert(mailingLists).values({ campingId, name: 'Lista' });
  await db.insert(mailTraces).values({ campingId, threadId: `thread-${unique()}`, contactId: account.guest.id, quoteId: account.quote.id });
  await db.insert(images).values({ campingId, fileName: 'a.png', mimeType: 'image/png', width: 1, height: 1, byteSize: 1, data: Buffer.from([0]) });
  await db.insert(configurations).values({ campingId, group: 'emailInvioPreventivi', option: { mittente: 'x' } });
  await db.insert(campsiteLanguages).values({ campingId, languageId: 1, phonePrefix: '+39' });
  await db.insert(notifications).values({ campingId, group: 'richiesta', title: 'Richiesta', quoteId: account.quote.id, contactId: account.guest.id });
  const update = await createUpdate(ctxFor(db, operatorTenant), newUpdateSchema.parse({ titolo: `Novità ${unique()}`, testo: '<p>Testo</p>', campings: [campingId] }));
  await markUpdateViewed(ctxFor(db, account.tenant), update.id);
  await db.insert(auditLog).values({ campingId, actorUserId: account.user.id, actorEmail: account.user.email, action: 'prova', summary: 'Prova' });
  return { ...account, update };
}

describe('deleting a campsite', () => {
  it('removes every row of that campsite and none of another one', async () => {
    const operator = await makeOperator();
    const doomed = await populatedCampsite(operator.tenant);
    const kept = await populatedCampsite(operator.tenant);
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining(['contacts', 'quotes', 'mail_traces', 'images', 'users', 'sessions', 'audit_log', 'product_update_targets', 'product_update_views']));
    const doomedBefore = await rowCounts(doomed.campsite.id, tables);
    const keptBefore = await rowCounts(kept.campsite.id, tables);
    const filled = Object.entries(doomedBefore).filter(([, n]) => n > 0).map(([table]) => table);
    expect(filled.length).toBeGreaterThanOrEqual(15);
    const updatesBefore = await db.select({ id: productUpdates.id }).from(productUpdates);

    const summary = await campsiteDeletionSummary(ctxFor(db, operator.tenant), doomed.campsite.id);
    expect(summary).toMatchObject({ name: doomed.campsite.name, contacts: 1, quotes: 1, mails: 1, images: 1, users: 1 });
    expect((await failure(deleteCampsite(ctxFor(db, operator.tenant), { id: doomed.campsite.id, confirmName: 'nome sbagliato' }))).status).toBe(400);
    expect(await rowCounts(doomed.campsite.id, tables)).toEqual(doomedBefore);

    const answer = await callApi(dispatch, 'POST', `/deleteCamping/${doomed.campsite.id}`, { token: operator.token, body: { name: ` ${doomed.campsite.name} ` } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ _id: doomed.campsite.id, contacts: 1, quotes: 1, users: 1 });

    const doomedAfter = await rowCounts(doomed.campsite.id, tables);
    expect(Object.values(doomedAfter).every((n) => n === 0), JSON.stringify(doomedAfter)).toBe(true);
    expect(await db.select().from(campsites).where(eq(campsites.id, doomed.campsite.id))).toHaveLength(0);
    expect(await rowCounts(kept.campsite.id, tables)).toEqual(keptBefore);
    expect(await db.select({ id: productUpdates.id }).from(productUpdates)).toHaveLength(updatesBefore.length);
    expect(await db.select().from(productUpdateViews).where(eq(productUpdateViews.userId, kept.user.id))).toHaveLength(1);

    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.campingId, operator.provider.id), eq(auditLog.action, 'campsite.delete')));
    expect(entry).toMatchObject({ entityId: doomed.campsite.id, actorUserId: operator.user.id });
    expect(entry.summary).toContain(doomed.campsite.name);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteCamping/${doomed.campsite.id}`, { token: operator.token, body: { name: doomed.campsite.name } }), 404);
  });

  it('refuses to delete the operator’s own campsite', async () => {
    const operator = await makeOperator();
    const answer = await callApi(dispatch, 'POST', `/deleteCamping/${operator.provider.id}`, { token: operator.token, body: { name: operator.provider.name } });
    expectErrorAnswer(answer, 409);
    expect(await db.select().from(campsites).where(eq(campsites.id, operator.provider.id))).toHaveLength(1);
  });
});
