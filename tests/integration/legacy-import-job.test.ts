import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campsites, legacyImports } from '@/db/schema';
import { workLegacyImport } from '@/lib/legacy-import/job';
import { contactsKind } from '@/lib/legacy-import/kinds/contacts';
import { readLegacyImport, resumeLegacyImport, startLegacyImport } from '@/lib/legacy-import-runs/service';
import { NEW_CAMPSITE, startImportSchema } from '@/lib/legacy-import-runs/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

// The stand-in below is this machine's own 127.0.0.1, which the screen's import reads only when allowed.
vi.hoisted(() => {
  process.env.LEGACY_IMPORT_PRIVATE_ADDRESSES = '1';
});

const db = await useTestDatabase();
/** The stand-in below is an old CRM of contacts only. */
const ONLY_CONTACTS = { kinds: [contactsKind] };

const PASSWORD = 'la-password-del-vecchio-crm';
const EMAIL = 'reception@vecchio.example';

/** The contacts pages asked for (their cursors), and whether the old CRM has a second page. */
const cursors: (string | null)[] = [];
let twoPages = false;

/** A stand-in for the old CRM: a login, and a page of contacts (two when asked) with one record our validation refuses each. */
async function oldCrm(oldCampsiteId: string) {
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url === '/api/users/login') {
        if (body.password !== PASSWORD) return send(400, { error: 'Credenziali non valide' });
        return send(200, { token: 'tok', user: { _id: 'u-vecchio', camping: oldCampsiteId, email: EMAIL } });
      }
      if (request.url === '/api/getCamping/' + encodeURIComponent(oldCampsiteId)) return send(200, { _id: oldCampsiteId, name: 'Campeggio dal vecchio CRM' });
      if (request.url === '/api/getContact/lazy') {
        cursors.push(typeof body.cursor === 'string' ? body.cursor : null);
        if (body.cursor === 'pagina-2') return send(200, { items: [{ _id: 'b1b2c3d4e5f6a1b2c3d4e5f6', nome: 43 }], nextCursor: null });
        return send(200, { items: [{ _id: 'a1b2c3d4e5f6a1b2c3d4e5f6', nome: 42 }], nextCursor: twoPages ? 'pagina-2' : null });
      }
      send(404, { error: 'Non trovato' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let stand: Awaited<ReturnType<typeof oldCrm>>;
let provider: Awaited<ReturnType<typeof makeCampsite>>;
let target: Awaited<ReturnType<typeof makeCampsite>>;
let operator: ReturnType<typeof ctxFor>;
const oldId = `vecchio${Date.now().toString(36)}`;

beforeAll(async () => {
  stand = await oldCrm(oldId);
  provider = await makeCampsite(db);
  target = await makeCampsite(db);
  operator = ctxFor(db, tenantOf(await makeUser(db, provider.id, { isAdmin: true, isOperator: true })));
});
afterAll(() => stand.close());

const input = (values: Record<string, unknown>) => startImportSchema.parse({ sourceUrl: stand.url, email: EMAIL, password: PASSWORD, campsiteId: target.id, ...values });
const rowOf = async (id: string) => (await db.select().from(legacyImports).where(eq(legacyImports.id, id)))[0];

describe('an import started from the settings screen runs as a job', () => {
  it('keeps the old CRM’s password sealed while queued, runs, reports, and forgets the password', async () => {
    const { importId } = await startLegacyImport(operator, input({ dryRun: true }));
    const queued = await rowOf(importId);
    expect(queued).toMatchObject({ campingId: target.id, status: 'running', dryRun: true });
    expect(queued.secret).toMatch(/^v1\./);
    expect(queued.secret).not.toContain(PASSWORD);

    // One running import per campsite.
    await expect(startLegacyImport(operator, input({}))).rejects.toThrow(/È già in corso un’importazione nel campeggio/);

    expect(await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).toEqual({ esito: 'conclusa', importazione: importId });
    const view = await readLegacyImport(operator, importId);
    expect(view).toMatchObject({ status: 'done', sourceCampsiteId: oldId, loginError: null });
    expect(view.counts.contatti).toEqual({ read: 1, written: 0, unchanged: 0, skipped: 1 });
    expect(view.report?.kinds.find((kind) => kind.kind === 'contatti')).toMatchObject({ there: 1, skipped: 1 });
    expect(view.report?.skipped[0]).toMatchObject({ kind: 'contatti', oldId: 'a1b2c3d4e5f6a1b2c3d4e5f6' });
    expect((await rowOf(importId)).secret).toBeNull();
    // A job handed out again after the run ended does nothing.
    expect((await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).esito).toBe('già conclusa');
  });

  it('a run its process left (no progress for 15 minutes) shows as stopped, no longer blocks a start, and «Riprendi» takes it', async () => {
    const { importId } = await startLegacyImport(operator, input({}));
    await db.update(legacyImports).set({ updatedAt: new Date(Date.now() - 16 * 60_000) }).where(eq(legacyImports.id, importId));
    const left = await readLegacyImport(operator, importId);
    expect(left.status).toBe('failed');
    expect(left.error).toMatch(/nessun avanzamento da 15 minuti/);
    await resumeLegacyImport(operator, { importId, email: EMAIL, password: PASSWORD });
    expect((await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).esito).toBe('conclusa');
    expect((await readLegacyImport(operator, importId)).status).toBe('done');
  });

  it('a refused login fails the run beside the password field; «Riprendi» with the right one finishes it', async () => {
    const { importId } = await startLegacyImport(operator, input({ password: 'sbagliata' }));
    expect((await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).esito).toBe('non riuscita');
    const failed = await readLegacyImport(operator, importId);
    expect(failed).toMatchObject({ status: 'failed', loginError: 'password' });
    expect(failed.error).toBe(`Il vecchio CRM ha rifiutato l’accesso di ${EMAIL}: controlla e-mail e password di un utente del campeggio.`);
    expect((await rowOf(importId)).secret).toBeNull();

    await resumeLegacyImport(operator, { importId, email: EMAIL, password: PASSWORD });
    expect((await rowOf(importId)).status).toBe('running');
    await expect(resumeLegacyImport(operator, { importId, email: EMAIL, password: PASSWORD })).rejects.toThrow('L’importazione è già in corso.');
    expect((await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).esito).toBe('conclusa');
    expect(await readLegacyImport(operator, importId)).toMatchObject({ status: 'done', campsiteId: target.id });
  });

  it('«Nuovo, con l’id del vecchio CRM» makes the campsite under the old id and moves the import there', async () => {
    const { importId } = await startLegacyImport(operator, input({ campsiteId: NEW_CAMPSITE }));
    expect((await rowOf(importId)).campingId).toBe(provider.id);
    expect((await workLegacyImport(db, { campsiteId: provider.id, importId }, ONLY_CONTACTS)).esito).toBe('conclusa');
    const [made] = await db.select().from(campsites).where(eq(campsites.id, oldId));
    expect(made.name).toBe('Campeggio dal vecchio CRM');
    expect(await readLegacyImport(operator, importId)).toMatchObject({ status: 'done', campsiteId: oldId, newCampsite: true });
  });

  it('a job handed out again after its worker died resumes at the page after the last one written', async () => {
    twoPages = true;
    try {
      const { importId } = await startLegacyImport(operator, input({ dryRun: true }));
      // Where a worker killed after the first page leaves the row: running, its login sealed, page 1 checkpointed.
      await db
        .update(legacyImports)
        .set({ currentKind: 'contatti', checkpoints: { contatti: { cursor: 'pagina-2', page: 1, done: false } }, counts: { contatti: { read: 1, written: 0, unchanged: 0, skipped: 1 } } })
        .where(eq(legacyImports.id, importId));
      cursors.length = 0;
      expect((await workLegacyImport(db, { campsiteId: target.id, importId }, ONLY_CONTACTS)).esito).toBe('conclusa');
      expect(cursors).toEqual(['pagina-2']);
      const view = await readLegacyImport(operator, importId);
      expect(view.counts.contatti).toEqual({ read: 2, written: 0, unchanged: 0, skipped: 2 });
      expect(view.checkpoints.contatti).toEqual({ cursor: null, page: 2, done: true });
      expect((await rowOf(importId)).secret).toBeNull();
    } finally {
      twoPages = false;
    }
  });

  it('is the operator’s: a campsite admin is refused', async () => {
    const admin = ctxFor(db, tenantOf(await makeUser(db, target.id, { isAdmin: true })));
    await expect(startLegacyImport(admin, input({}))).rejects.toThrow('Operazione riservata agli operatori del fornitore.');
  });

  it('refuses an address that is not one, in Italian', () => {
    const parsed = startImportSchema.safeParse({ sourceUrl: 'crm vecchio', email: EMAIL, password: PASSWORD, campsiteId: target.id });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['sourceUrl'], message: expect.stringMatching(/^Indirizzo non valido/) });
  });
});
