import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts } from '@/db/schema';
import { BOM, parseCsv } from '@/lib/contacts/csv';
import { EXPORT_COLUMNS, exportContactsCsv, pagedContactsCsv } from '@/lib/contacts/export';
import { copyContactsCsv, postgresClientOf } from '@/lib/contacts/export-copy';
import { contactConditions } from '@/lib/contacts/search';
import { guessMapping } from '@/lib/contacts/import-mapping';
import { importContacts } from '@/lib/contacts/import';
import { createContact } from '@/lib/contacts/service';
import { MAX_IMPORT_ROWS, type DuplicateStrategy } from '@/lib/contacts/validation';
import { AppError } from '@/lib/errors';
import { contactInput, insertContacts, makeContactsAccount } from '../helpers/contacts';
import { useTestDatabase } from '../helpers/db';
import { ctxFor } from '../helpers/ctx';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

async function readStream(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number; bytes: Uint8Array }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), chunks: parts.length, bytes };
}

describe('CSV export', () => {
  it('writes a BOM, the Italian header, dd/mm/yyyy dates, quoted and neutralised cells, phone prefixes as typed', async () => {
    const { tenant } = await makeContactsAccount(db);
    await insertContacts(db, tenant.campsiteId, [
      {
        firstName: '=cmd|"/c calc"!A1',
        lastName: 'Rossi; "il Grande"',
        email: 'rossi@example.it',
        phonePrefix: '+39',
        phone: '-2',
        languageId: 1,
        nationId: 1,
        city: '@x',
        address: 'Via Roma 1\nScala B',
        notes: '\tnascosto',
        tags: ['VIP', 'Famiglia'],
        createdAt: new Date('2026-03-09T23:30:00Z'),
      },
    ]);
    const { text, bytes } = await readStream(exportContactsCsv(ctxFor(db, tenant)));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(BOM)).toBe(true);
    const [header, row] = parseCsv(text).records;
    expect(header).toEqual(EXPORT_COLUMNS.map((column) => column.header));
    expect(header.slice(0, 3)).toEqual(['Nome', 'Cognome', 'E-mail']);
    expect(row).toEqual([
      `'=cmd|"/c calc"!A1`,
      'Rossi; "il Grande"',
      'rossi@example.it',
      '+39',
      "'-2",
      'Italiano',
      'Italia',
      "'@x",
      'Via Roma 1\nScala B',
      '',
      "'\tnascosto",
      'VIP, Famiglia',
      '10/03/2026',
    ]);
    expect(text).toContain('\r\n');
  });

  // On PostgreSQL the export is one COPY; it must write the very bytes the paged export writes.
  it.runIf(Boolean(process.env.DATABASE_URL))('COPY writes the same file as the paged export, byte for byte, on awkward cells', async () => {
    const { tenant } = await makeContactsAccount(db);
    const awkward = ['', ' ', '=1+1', '+39', '-', '@', '\tx', 'a;b', 'a,b', 'say "hi"', '"', 'line\nbreak', 'cr\rlf\r\n', 'Zoë Müller', 'x\\.y', "l'ape", '€ 10', '$1'];
    await insertContacts(
      db,
      tenant.campsiteId,
      awkward.map((value, index) => ({
        firstName: value,
        lastName: `Cognome ${value}`,
        email: index % 3 === 0 ? null : `ospite${index}@example.it`,
        phone: value,
        city: index % 2 ? value : null,
        notes: value,
        languageId: index % 4 === 0 ? null : 3,
        nationId: index % 5 === 0 ? null : 2,
        tags: index % 2 ? [value || 'vuota', 'B, C'] : [],
        // Around midnight in Rome, in winter and in summer time.
        createdAt: new Date(Date.UTC(2026, index % 2 ? 6 : 0, 10 + index, index % 2 ? 22 : 23, 30)),
      })),
    );
    const where = contactConditions(tenant.campsiteId, { search: 'cognome' });
    for (const sort of ['recenti', 'nome', 'email'] as const) {
      const header = new TextEncoder().encode('H\r\n');
      const copied = await readStream(copyContactsCsv(postgresClientOf(db)!, where, sort, header));
      const paged = await readStream(pagedContactsCsv(db, where, sort, header));
      expect(copied.text, sort).toBe(paged.text);
      // Every awkward row is there: the two files are not equal by being empty.
      expect(copied.text.match(/Cognome /g)).toHaveLength(awkward.length);
      expect(copied.text).toContain('Cognome Zoë Müller;');
    }
  });

  it('streams every row of 3,000 contacts, each once, in pages', async () => {
    const { tenant } = await makeContactsAccount(db);
    const other = await makeContactsAccount(db);
    await insertContacts(db, other.tenant.campsiteId, [{ lastName: 'Estraneo', email: 'estraneo@example.it' }]);
    const base = Date.UTC(2025, 0, 1);
    await insertContacts(
      db,
      tenant.campsiteId,
      Array.from({ length: 3000 }, (_, index) => ({
        firstName: `Ospite`,
        lastName: `N${String(index).padStart(4, '0')}`,
        email: `ospite${index}@example.it`,
        createdAt: new Date(base + Math.floor(index / 7) * 60_000),
      })),
    );
    const { text, chunks } = await readStream(exportContactsCsv(ctxFor(db, tenant)));
    const records = parseCsv(text).records.slice(1);
    expect(records).toHaveLength(3000);
    expect(new Set(records.map((record) => record[1])).size).toBe(3000);
    expect(text).not.toContain('Estraneo');
    // The header, then one chunk per keyset page of 1000.
    expect(chunks).toBeGreaterThanOrEqual(4);

    const filtered = await readStream(exportContactsCsv(ctxFor(db, tenant), { search: 'N000', sort: 'nome' }));
    expect(parseCsv(filtered.text).records.slice(1).map((record) => record[1])).toEqual(Array.from({ length: 10 }, (_, i) => `N000${i}`));
  });

  it('refuses an invalid date before sending anything', async () => {
    const { tenant } = await makeContactsAccount(db);
    expect(() => exportContactsCsv(ctxFor(db, tenant), { dateFrom: '32/01/2026' })).toThrow(AppError);
  });
});

describe('CSV import', () => {
  const header = 'Nome;Cognome;E-mail;Telefono;Lingua;Nazione;Etichette';

  async function runImport(tenant: Awaited<ReturnType<typeof makeContactsAccount>>['tenant'], csv: string, strategy: DuplicateStrategy) {
    const headers = parseCsv(csv).records[0];
    return importContacts(ctxFor(db, tenant), { csv, mapping: guessMapping(headers), strategy });
  }

  async function rowsOf(campingId: string) {
    return db.select().from(contacts).where(eq(contacts.campingId, campingId)).orderBy(asc(contacts.lastName), asc(contacts.createdAt));
  }

  /** An existing guest, then a file with her again (other case), a new guest twice, and bad rows. */
  async function scenario(strategy: DuplicateStrategy) {
    const { tenant } = await makeContactsAccount(db);
    await createContact(ctxFor(db, tenant), contactInput({ firstName: 'Anna', lastName: 'Esistente', email: 'anna@example.it', phone: '111' }));
    const csv = [
      header,
      'Anna;Aggiornata;ANNA@example.it;222;Deutsch;Germania;VIP',
      'Luca;Nuovo;luca@example.it;333;en;GB;',
      'Luca;Ripetuto;Luca@Example.it;;;;Famiglia',
      'Senza;Mail;;;;;',
      ';;;;;;',
      'Bad;Mail;non-una-mail;;;;',
      ';;;;Italiano;;',
      'Lingua;Strana;strana@example.it;;Klingon;;',
      'Nazione;Strana;naz@example.it;;;Atlantide;',
      'Tag;Strano;tag@example.it;;;;Sconosciuta',
    ].join('\r\n');
    return { tenant, report: await runImport(tenant, `${BOM}${csv}`, strategy) };
  }

  const refusals = [
    { row: 7, reason: 'Indirizzo e-mail non valido («non-una-mail»).' },
    { row: 8, reason: 'Inserisci almeno il nome, il cognome o l’e-mail del cliente.' },
    { row: 9, reason: 'Lingua sconosciuta: «Klingon».' },
    { row: 10, reason: 'Nazione sconosciuta: «Atlantide».' },
    { row: 11, reason: expect.stringContaining('Etichetta sconosciuta: «Sconosciuta»') },
  ];

  it('skip: keeps the existing contact and the first of a repeated address, reports the rest', async () => {
    const { tenant, report } = await scenario('skip');
    expect(report).toMatchObject({ total: 9, created: 2, updated: 0, skipped: 2, refused: 5 });
    expect(report.skippedRows).toEqual([
      { row: 2, reason: 'E-mail già presente: Anna Esistente.' },
      { row: 4, reason: 'E-mail ripetuta nel file (riga 3).' },
    ]);
    expect(report.refusedRows).toEqual(refusals);
    const rows = await rowsOf(tenant.campsiteId);
    expect(rows.map((row) => row.lastName)).toEqual(['Esistente', 'Mail', 'Nuovo']);
    expect(rows.find((row) => row.lastName === 'Esistente')).toMatchObject({ phone: '111', version: 0 });
    expect(rows.find((row) => row.lastName === 'Nuovo')).toMatchObject({ languageId: 2, nationId: 5, source: 'import', ownerId: tenant.userId });
  });

  it('update: overwrites the existing contact with the file’s non-empty cells and merges repeats', async () => {
    const { tenant, report } = await scenario('update');
    expect(report).toMatchObject({ total: 9, created: 2, updated: 1, skipped: 0, refused: 5 });
    expect(report.refusedRows).toEqual(refusals);
    const rows = await rowsOf(tenant.campsiteId);
    expect(rows.map((row) => row.lastName)).toEqual(['Aggiornata', 'Mail', 'Ripetuto']);
    expect(rows[0]).toMatchObject({ firstName: 'Anna', email: 'ANNA@example.it', phone: '222', languageId: 3, nationId: 2, tags: ['VIP'], version: 1, source: 'staff' });
    // The repeat kept the phone of the first row (its own cell was empty) and added its tag.
    expect(rows[2]).toMatchObject({ email: 'Luca@Example.it', phone: '333', languageId: 2, tags: ['Famiglia'] });
  });

  it('keep both: creates a second contact with the same address, as the database allows', async () => {
    const { tenant, report } = await scenario('keep');
    expect(report).toMatchObject({ total: 9, created: 4, updated: 0, skipped: 0, refused: 5 });
    const rows = await rowsOf(tenant.campsiteId);
    expect(rows.map((row) => row.lastName)).toEqual(['Aggiornata', 'Esistente', 'Mail', 'Nuovo', 'Ripetuto']);
    const [shared] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.campingId, tenant.campsiteId), sql`lower(${contacts.email}) = 'anna@example.it'`));
    expect(shared.value).toBe(2);
  });

  it('reads comma-separated files with quoted fields and our own export back', async () => {
    const { tenant } = await makeContactsAccount(db);
    const csv = 'First name,Last name,Email,Phone prefix,Notes\n"Marie","Dupont, Jr.","marie@example.fr","\'+33","Line 1\nLine 2"\n';
    const report = await importContacts(ctxFor(db, tenant), { csv, mapping: ['firstName', 'lastName', 'email', 'phonePrefix', 'notes'], strategy: 'skip' });
    expect(report).toMatchObject({ created: 1, refused: 0 });
    const [row] = await rowsOf(tenant.campsiteId);
    expect(row).toMatchObject({ lastName: 'Dupont, Jr.', phonePrefix: '+33', notes: 'Line 1\nLine 2' });

    const exported = await readStream(exportContactsCsv(ctxFor(db, tenant)));
    const other = await makeContactsAccount(db);
    const back = await runImport(other.tenant, exported.text, 'skip');
    expect(back).toMatchObject({ created: 1, refused: 0 });
    expect((await rowsOf(other.tenant.campsiteId))[0]).toMatchObject({ lastName: 'Dupont, Jr.', phonePrefix: '+33', email: 'marie@example.fr' });
  });

  it('refuses files over the limits, broken quotes and mappings without a name or e-mail, in Italian', async () => {
    const { tenant } = await makeContactsAccount(db);
    const tooMany = `Cognome\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    await expect(importContacts(ctxFor(db, tenant), { csv: tooMany, mapping: ['lastName'], strategy: 'skip' })).rejects.toThrow('Il file ha più di 20.000 righe');
    const tooBig = `Cognome;Note\nx;${'a'.repeat(5 * 1024 * 1024)}\n`;
    await expect(importContacts(ctxFor(db, tenant), { csv: tooBig, mapping: ['lastName', 'notes'], strategy: 'skip' })).rejects.toThrow('limite di 5 MB');
    await expect(importContacts(ctxFor(db, tenant), { csv: 'Cognome\n"aperto\n', mapping: ['lastName'], strategy: 'skip' })).rejects.toThrow('virgolette');
    await expect(importContacts(ctxFor(db, tenant), { csv: 'Città\nRoma\n', mapping: ['city'], strategy: 'skip' })).rejects.toThrow('Associa almeno una colonna');
    await expect(importContacts(ctxFor(db, tenant), { csv: 'A;B\nx;y\n', mapping: ['lastName', 'lastName'], strategy: 'skip' })).rejects.toThrow('associato a più colonne');
    await expect(importContacts(ctxFor(db, tenant), { csv: 'Cognome\n', mapping: ['lastName'], strategy: 'skip' })).rejects.toThrow('non contiene clienti');
  });

  it('imports in batches: 1,200 rows with repeats across batches', async () => {
    const { tenant } = await makeContactsAccount(db);
    const lines = Array.from({ length: 1200 }, (_, index) => `Ospite;N${index};ospite${index % 1000}@example.it`);
    const report = await importContacts(ctxFor(db, tenant), { csv: `Nome;Cognome;Email\n${lines.join('\n')}`, mapping: ['firstName', 'lastName', 'email'], strategy: 'skip' });
    expect(report).toMatchObject({ total: 1200, created: 1000, skipped: 200, refused: 0 });
    expect(report.skippedRows[0]).toEqual({ row: 1002, reason: 'E-mail già presente: Ospite N0.' });
  });
});
