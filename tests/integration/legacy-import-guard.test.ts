import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyImports } from '@/db/schema';
import { workLegacyImport } from '@/lib/legacy-import/job';
import { contactsKind } from '@/lib/legacy-import/kinds/contacts';
import { readLegacyImport, startLegacyImport } from '@/lib/legacy-import-runs/service';
import { startImportSchema } from '@/lib/legacy-import-runs/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

/*
 * The settings screen makes the server fetch the address the operator typed. With the default
 * configuration (LEGACY_IMPORT_PRIVATE_ADDRESSES unset) an old CRM inside the server's own networks
 * is refused before any call reaches it, beside the address field, and nothing is written.
 */
const db = await useTestDatabase();
const reached: string[] = [];
const server = createServer((request, response) => {
  reached.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{}');
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the screen’s import of an address inside the server’s network', () => {
  it('is refused before any call, with the reason beside the address, and writes nothing', async () => {
    const provider = await makeCampsite(db);
    const target = await makeCampsite(db);
    const operator = ctxFor(db, tenantOf(await makeUser(db, provider.id, { isAdmin: true, isOperator: true })));
    for (const host of [`127.0.0.1:${(server.address() as AddressInfo).port}`, `localhost:${(server.address() as AddressInfo).port}`, '[::1]:9', '169.254.169.254', '10.1.2.3']) {
      const input = startImportSchema.parse({ sourceUrl: `http://${host}`, email: 'reception@vecchio.example', password: 'segreta', campsiteId: target.id });
      const { importId } = await startLegacyImport(operator, input);
      expect((await workLegacyImport(db, { campsiteId: target.id, importId }, { kinds: [contactsKind] })).esito).toBe('non riuscita');
      const view = await readLegacyImport(operator, importId);
      expect(view.error, host).toMatch(/^Indirizzo del vecchio CRM non valido per questa schermata: «.+» porta a una rete interna del server/);
      expect(view.loginError).toBe('sourceUrl');
      const [row] = await db.select().from(legacyImports).where(eq(legacyImports.id, importId));
      expect(row.secret).toBeNull();
    }
    expect(reached).toEqual([]);
  });
});
