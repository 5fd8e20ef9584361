import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, loginTokens, users } from '@/db/schema';
import { AUDIT_PAGE_SIZE, listAudit, recordAudit } from '@/lib/audit/service';
import { mintLoginToken, resolveSession } from '@/lib/auth/service';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { changeOwnPassword, OLD_PASSWORD_LIMIT, updateOwnAccount, WRONG_OLD_PASSWORD } from '@/lib/users/account';
import { createUser, deleteUser, resetUserPassword, updateUser } from '@/lib/users/service';
import { newUserSchema } from '@/lib/users/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, TEST_PASSWORD, tenantOf } from '../helpers/fixtures';
import { callApi, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;
beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const NEW_PASSWORD = 'Nuova-password-2026';
const alive = async (token: string) => (await resolveSession(db, { bearer: token }, { production: true })) !== null;

async function campsiteWithAdmin() {
  const campsite = await makeCampsite(db);
  const admin = await makeUser(db, campsite.id, { isAdmin: true });
  const token = await loginViaApi(dispatch, admin.email);
  const session = await resolveSession(db, { bearer: token }, { production: true });
  return { campsite, admin, token, tenant: { ...tenantOf(admin), sessionId: session!.sessionId } };
}

const entriesOf = async (campsiteId: string, action: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.campingId, campsiteId), eq(auditLog.action, action)));

describe('users administration', () => {
  it('creates a user named after the e-mail, with the audit entry and no password in it', async () => {
    const { campsite, tenant } = await campsiteWithAdmin();
    // Typed with capitals, stored lower-cased; unique per run (PostgreSQL keeps rows between runs).
    const email = `nuova.collega-${campsite.id.toLowerCase()}@prova.test`;
    const created = await createUser(ctxFor(db, tenant), { email: email.replace('nuova.collega', 'Nuova.Collega'), password: NEW_PASSWORD, packLevel: 10, isAdmin: false });
    expect(created).toMatchObject({ email, name: email, campingId: campsite.id, packLevel: 10 });
    const [entry] = await entriesOf(campsite.id, 'user.create');
    expect(entry).toMatchObject({ entityId: created.id, actorUserId: tenant.userId, after: { email: created.email, isAdmin: false, packLevel: 10 } });
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('states the password policy in Italian', () => {
    for (const password of ['corta1', 'soloLettereLunghe', '12345678901']) {
      const parsed = newUserSchema.safeParse({ email: 'a@b.test', password });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe('La password deve avere almeno 10 caratteri, con almeno una lettera e una cifra.');
    }
  });

  it('refuses to delete or demote oneself, and the last admin', async () => {
    const { campsite, admin, tenant } = await campsiteWithAdmin();
    expect(await failure(deleteUser(ctxFor(db, tenant), admin.id))).toMatchObject({ kind: 'bad_request', message: 'Non puoi eliminare il tuo stesso utente.' });
    expect(await failure(updateUser(ctxFor(db, tenant), admin.id, { isAdmin: false }))).toMatchObject({ kind: 'bad_request' });

    // An operator of the same campsite without the admin flag: the only admin left is protected.
    const operator = await makeUser(db, campsite.id, { isOperator: true });
    const operatorTenant = tenantOf(operator);
    expect(await failure(updateUser(ctxFor(db, operatorTenant), admin.id, { isAdmin: false }))).toMatchObject({ kind: 'conflict', message: expect.stringContaining('ultimo amministratore') });
    expect(await failure(deleteUser(ctxFor(db, operatorTenant), admin.id))).toMatchObject({ kind: 'conflict' });
    const [still] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(still.isAdmin).toBe(true);

    // With a second admin, one may demote the other, but then the second cannot demote the first.
    const second = await makeUser(db, campsite.id, { isAdmin: true });
    await updateUser(ctxFor(db, tenant), second.id, { isAdmin: false });
    expect(await failure(updateUser(ctxFor(db, operatorTenant), admin.id, { isAdmin: false }))).toMatchObject({ kind: 'conflict' });
  });

  it('never leaves a campsite without admins when two admins demote each other at once', async () => {
    const { campsite, admin, tenant } = await campsiteWithAdmin();
    const other = await makeUser(db, campsite.id, { isAdmin: true });
    const results = await Promise.allSettled([updateUser(ctxFor(db, tenant), other.id, { isAdmin: false }), updateUser(ctxFor(db, tenantOf(other)), admin.id, { isAdmin: false })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const admins = await db.select().from(users).where(and(eq(users.campingId, campsite.id), eq(users.isAdmin, true)));
    expect(admins).toHaveLength(1);
  });

  it('gives 404 for another campsite’s user, 403 to staff, and changes nothing', async () => {
    const { tenant } = await campsiteWithAdmin();
    const elsewhere = await campsiteWithAdmin();
    const victim = await makeUser(db, elsewhere.campsite.id);
    expect(await failure(updateUser(ctxFor(db, tenant), victim.id, { name: 'X' }))).toMatchObject({ kind: 'not_found' });
    expect(await failure(resetUserPassword(ctxFor(db, tenant), victim.id, NEW_PASSWORD))).toMatchObject({ kind: 'not_found' });
    expect(await failure(deleteUser(ctxFor(db, tenant), victim.id))).toMatchObject({ kind: 'not_found' });
    const staff = await makeUser(db, elsewhere.campsite.id);
    expect(await failure(deleteUser(ctxFor(db, tenantOf(staff)), victim.id))).toMatchObject({ kind: 'forbidden' });
    const [unchanged] = await db.select().from(users).where(eq(users.id, victim.id));
    expect(unchanged).toEqual(victim);
    expect(await entriesOf(elsewhere.campsite.id, 'user.update')).toEqual([]);
  });

  it('records an edit with only what changed, before and after', async () => {
    const { campsite, tenant } = await campsiteWithAdmin();
    const colleague = await makeUser(db, campsite.id, { packLevel: 10 });
    await updateUser(ctxFor(db, tenant), colleague.id, { name: 'Anna Neri', packLevel: 0, isAdmin: false });
    const [entry] = await entriesOf(campsite.id, 'user.update');
    expect(entry.before).toEqual({ name: colleague.name, packLevel: 10 });
    expect(entry.after).toEqual({ name: 'Anna Neri', packLevel: 0 });
    const page = await listAudit(ctxFor(db, tenant));
    expect(page[0].id).toBe(entry.id);
  });

  it('ends every session, bearer token and unused login link of a user whose password is reset, or who is deleted', async () => {
    const { campsite, tenant } = await campsiteWithAdmin();
    const colleague = await makeUser(db, campsite.id);
    const first = await loginViaApi(dispatch, colleague.email);
    const second = await loginViaApi(dispatch, colleague.email);
    const link = await mintLoginToken(db, colleague.email);
    await resetUserPassword(ctxFor(db, tenant), colleague.id, NEW_PASSWORD);
    expect(await alive(first)).toBe(false);
    expect(await alive(second)).toBe(false);
    expect((await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid: link.token } })).status).toBe(400);
    expect((await entriesOf(campsite.id, 'user.password'))[0]).toMatchObject({ entityId: colleague.id, before: null, after: null });

    const third = await loginViaApi(dispatch, colleague.email, NEW_PASSWORD);
    expect((await callApi(dispatch, 'GET', '/users/all', { token: third })).status).toBe(403);
    await deleteUser(ctxFor(db, tenant), colleague.id);
    expect((await callApi(dispatch, 'GET', '/users/all', { token: third })).status).toBe(401);
    expect(await db.select().from(loginTokens).where(eq(loginTokens.userId, colleague.id))).toEqual([]);
    expect((await entriesOf(campsite.id, 'user.delete'))[0].before).toMatchObject({ email: colleague.email });
  });
});

describe('own account', () => {
  it('changes the own password only with the right old one, keeping this session and ending the others', async () => {
    const { admin, token, tenant } = await campsiteWithAdmin();
    const other = await loginViaApi(dispatch, admin.email);
    expect(await failure(changeOwnPassword(ctxFor(db, tenant), { oldPassword: 'Sbagliata-1234', newPassword: NEW_PASSWORD }))).toMatchObject({ message: WRONG_OLD_PASSWORD });
    expect(await alive(other)).toBe(true);
    await changeOwnPassword(ctxFor(db, tenant), { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(await alive(token)).toBe(true);
    expect(await alive(other)).toBe(false);
    await loginViaApi(dispatch, admin.email, NEW_PASSWORD);
  });

  it('stops guessing the old password from an open session after a few wrong tries, even with the right one', async () => {
    const { tenant } = await campsiteWithAdmin();
    for (let attempt = 0; attempt < OLD_PASSWORD_LIMIT.points; attempt += 1) {
      expect(await failure(changeOwnPassword(ctxFor(db, tenant), { oldPassword: `Sbagliata-${attempt}000`, newPassword: NEW_PASSWORD }))).toMatchObject({ message: WRONG_OLD_PASSWORD });
    }
    const blocked = await failure(changeOwnPassword(ctxFor(db, tenant), { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }));
    expect(blocked).toMatchObject({ kind: 'rate_limited', message: expect.stringContaining('Troppi tentativi') });
  });

  it('changes the own name and e-mail, refusing an e-mail already in use', async () => {
    const { campsite, tenant } = await campsiteWithAdmin();
    const taken = await makeUser(db, (await makeCampsite(db)).id);
    expect(await failure(updateOwnAccount(ctxFor(db, tenant), { name: 'Io', email: taken.email }))).toMatchObject({ kind: 'conflict' });
    const email = `io-${campsite.id.toLowerCase()}@prova.test`;
    const updated = await updateOwnAccount(ctxFor(db, tenant), { name: 'Giulia Io', email });
    expect(updated).toMatchObject({ name: 'Giulia Io', email });
    expect((await entriesOf(campsite.id, 'account.update'))[0].after).toEqual({ name: 'Giulia Io', email });
  });
});

describe('the audit log', () => {
  it('pages newest first without skipping or repeating entries written in the same millisecond', async () => {
    const { tenant } = await campsiteWithAdmin();
    const count = AUDIT_PAGE_SIZE + 5;
    await db.transaction(async (tx) => {
      for (let index = 0; index < count; index++) await recordAudit(ctxFor(tx, tenant), { campsiteId: tenant.campsiteId, action: 'user.update', summary: `voce ${index}` });
    });
    const first = await listAudit(ctxFor(db, tenant));
    expect(first).toHaveLength(AUDIT_PAGE_SIZE);
    const last = first.at(-1)!;
    const second = await listAudit(ctxFor(db, tenant), { before: { createdAt: last.cursorAt, id: last.id } });
    const ids = [...first, ...second].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(count);
    expect(await failure(listAudit(ctxFor(db, { ...tenant, isAdmin: false })))).toMatchObject({ kind: 'forbidden' });
  });
});
