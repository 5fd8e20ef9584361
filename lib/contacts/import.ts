import { and, asc, eq, sql } from 'drizzle-orm';
import { contacts, languages, nations } from '@/db/schema';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { classifyError } from '@/lib/error-classification';
import { AppError } from '@/lib/errors';
import { CsvSyntaxError, parseCsv, restoreNeutralized } from './csv';
import { languageResolver, nationResolver } from './import-values';
import { campsiteTagNames, contactDisplayName, normalizeTags } from './service';
import {
  contactInputSchema,
  IMPORT_FIELDS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ContactInput,
  type DuplicateStrategy,
  type ImportField,
  type ImportRequest,
} from './validation';
import { logger } from '@/lib/ops/logger.mjs';

export type ImportRowNote = { row: number; reason: string };
export type ImportReport = {
  /** Data rows read (blank rows do not count). */
  total: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  /** The first REPORT_DETAIL_LIMIT refused and skipped rows, with the row number of the file (header = 1). */
  refusedRows: ImportRowNote[];
  skippedRows: ImportRowNote[];
};

export const IMPORT_BATCH_SIZE = 500;
export const REPORT_DETAIL_LIMIT = 500;

const FIELD_LABELS: Record<string, string> = {
  firstName: 'Nome',
  lastName: 'Cognome',
  email: 'E-mail',
  phonePrefix: 'Prefisso',
  phone: 'Telefono',
  languageId: 'Lingua',
  nationId: 'Nazione',
  city: 'Città',
  address: 'Indirizzo',
  postalCode: 'CAP',
  notes: 'Note',
  tags: 'Etichette',
};

type Prepared = { row: number; input: ContactInput };

function readRecords(csv: string): string[][] {
  if (Buffer.byteLength(csv, 'utf8') > MAX_IMPORT_BYTES) throw new AppError('bad_request', 'Il file supera il limite di 5 MB: dividilo in più file.');
  let parsed;
  try {
    parsed = parseCsv(csv, { maxRecords: MAX_IMPORT_ROWS + 1 });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('bad_request', error.message);
    throw error;
  }
  if (parsed.truncated) {
    throw new AppError('bad_request', `Il file ha più di ${MAX_IMPORT_ROWS.toLocaleString('it-IT')} righe: dividilo in più file.`);
  }
  if (parsed.records.length < 2) throw new AppError('bad_request', 'Il file non contiene clienti: serve una riga di intestazione e almeno una riga di dati.');
  return parsed.records;
}

function checkMapping(mapping: (ImportField | null)[]) {
  const seen = new Set<ImportField>();
  for (const field of mapping) {
    if (!field) continue;
    if (seen.has(field)) throw new AppError('bad_request', `Il campo ${FIELD_LABELS[field === 'language' ? 'languageId' : field === 'nation' ? 'nationId' : field]} è associato a più colonne.`);
    seen.add(field);
  }
  if (!seen.has('firstName') && !seen.has('lastName') && !seen.has('email')) {
    throw new AppError('bad_request', 'Associa almeno una colonna a Nome, Cognome o E-mail.');
  }
}

/** The non-empty values of a row's input; an update overwrites only what the file says. */
function filledValues(input: ContactInput): Partial<ContactInput> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== '')),
  ) as Partial<ContactInput>;
}

function mergeInto<T extends Partial<ContactInput> & { tags: string[] }>(target: T, input: ContactInput): T {
  const filled = filledValues(input);
  return { ...target, ...filled, tags: [...new Set([...target.tags, ...(filled.tags ?? [])])] };
}

/**
 * Imports contacts from a CSV (beyond the spec). Each row is checked with the same schema as the
 * form; an e-mail already in the campsite is skipped, updated, or kept twice as asked. Rows are
 * written in transactions of IMPORT_BATCH_SIZE; the report names every refused row and why.
 */
export async function importContacts(ctx: StaffCtx, request: ImportRequest): Promise<ImportReport> {
  const { db } = ctx;
  const records = readRecords(request.csv);
  checkMapping(request.mapping);
  const [languageRows, nationRows, allowedTags] = await Promise.all([
    db.select().from(languages),
    db.select().from(nations),
    campsiteTagNames(ctx),
  ]);
  const language = languageResolver(languageRows);
  const nation = nationResolver(nationRows);
  const report: ImportReport = { total: 0, created: 0, updated: 0, skipped: 0, refused: 0, refusedRows: [], skippedRows: [] };
  const refuse = (row: number, reason: string) => {
    report.refused++;
    if (report.refusedRows.length < REPORT_DETAIL_LIMIT) report.refusedRows.push({ row, reason });
  };
  const skip = (row: number, reason: string) => {
    report.skipped++;
    if (report.skippedRows.length < REPORT_DETAIL_LIMIT) report.skippedRows.push({ row, reason });
  };

  const prepared: Prepared[] = [];
  records.slice(1).forEach((cells, index) => {
    const row = index + 2;
    const value = (field: ImportField) => {
      const column = request.mapping.indexOf(field);
      return column >= 0 ? restoreNeutralized((cells[column] ?? '').trim()) : '';
    };
    if (IMPORT_FIELDS.every((field) => value(field) === '')) return;
    report.total++;
    const languageId = language(value('language'));
    if (languageId === undefined) return refuse(row, `Lingua sconosciuta: «${value('language')}».`);
    const nationId = nation(value('nation'));
    if (nationId === undefined) return refuse(row, `Nazione sconosciuta: «${value('nation')}».`);
    let tags: string[];
    try {
      tags = normalizeTags(value('tags').split(/[,;|]/).map((tag) => tag.trim()).filter(Boolean), allowedTags);
    } catch (error) {
      return refuse(row, (error as Error).message);
    }
    const parsed = contactInputSchema.safeParse({
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phonePrefix: value('phonePrefix'),
      phone: value('phone'),
      languageId,
      nationId,
      city: value('city'),
      address: value('address'),
      postalCode: value('postalCode'),
      notes: value('notes'),
      tags,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      const shown = field === 'email' ? ` («${value('email')}»)` : '';
      return refuse(row, `${issue?.message ?? 'Dati non validi'}${shown}.`.replace(/\.\.$/, '.'));
    }
    prepared.push({ row, input: parsed.data });
  });

  for (let start = 0; start < prepared.length; start += IMPORT_BATCH_SIZE) {
    const batch = prepared.slice(start, start + IMPORT_BATCH_SIZE);
    try {
      const outcome = await db.transaction((tx) => importBatch({ ...ctx, db: tx }, batch, request.strategy));
      report.created += outcome.created;
      report.updated += outcome.updated;
      outcome.skipped.forEach((note) => skip(note.row, note.reason));
    } catch (error) {
      const reason = classifyError(error)?.message ?? 'Errore del database durante il salvataggio: riprova.';
      if (!classifyError(error)) logger.error({ err: error }, 'Importazione clienti: lotto non salvato');
      batch.forEach((item) => refuse(item.row, reason));
    }
  }
  report.refusedRows.sort((a, b) => a.row - b.row);
  return report;
}

type NewContact = ContactInput & { firstRow: number };
type Target = { kind: 'existing'; id: string; name: string } | { kind: 'new'; contact: NewContact };

async function importBatch(ctx: StaffCtx, batch: Prepared[], strategy: DuplicateStrategy) {
  const { db: tx, tenant } = ctx;
  const byEmail = new Map<string, Target>();
  const emails = [...new Set(batch.map((item) => item.input.email?.toLowerCase()).filter((email): email is string => Boolean(email)))];
  if (strategy !== 'keep' && emails.length > 0) {
    // The same locks as a staff create, taken in a fixed order so two imports cannot deadlock.
    const list = sql.join(emails.map((email) => sql`${email}::text`), sql`, `);
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(h)) from (select distinct hashtext(${tenant.campsiteId}::text || e) as h from unnest(array[${list}]) as e order by 1) as locks`,
    );
    const existing = await tx
      .select({ id: contacts.id, email: contacts.email, firstName: contacts.firstName, lastName: contacts.lastName })
      .from(contacts)
      .where(and(eq(contacts.campingId, tenant.campsiteId), sql`lower(${contacts.email}) in (${list})`))
      .orderBy(asc(contacts.createdAt), asc(contacts.id));
    for (const row of existing) {
      const key = row.email!.toLowerCase();
      if (!byEmail.has(key)) byEmail.set(key, { kind: 'existing', id: row.id, name: contactDisplayName(row) });
    }
  }

  const toInsert: NewContact[] = [];
  const toUpdate = new Map<string, Partial<ContactInput> & { tags: string[] }>();
  const skipped: ImportRowNote[] = [];
  for (const { row, input } of batch) {
    const key = input.email?.toLowerCase();
    const target = key && strategy !== 'keep' ? byEmail.get(key) : undefined;
    if (!target) {
      const contact = { ...input, firstRow: row };
      toInsert.push(contact);
      if (key) byEmail.set(key, { kind: 'new', contact });
    } else if (strategy === 'skip') {
      skipped.push({
        row,
        reason: target.kind === 'existing' ? `E-mail già presente: ${target.name}.` : `E-mail ripetuta nel file (riga ${target.contact.firstRow}).`,
      });
    } else if (target.kind === 'new') {
      Object.assign(target.contact, mergeInto(target.contact, input));
    } else {
      toUpdate.set(target.id, mergeInto(toUpdate.get(target.id) ?? { tags: [] }, input));
    }
  }

  if (toInsert.length > 0) {
    await tx.insert(contacts).values(
      toInsert.map(({ firstRow: _row, ...input }) => ({ ...input, campingId: tenant.campsiteId, ownerId: tenant.userId, source: 'import' as const })),
    );
  }
  for (const [id, changes] of toUpdate) {
    const { tags, ...fields } = changes;
    await tx
      .update(contacts)
      .set({
        ...fields,
        ...(tags.length > 0 ? { tags: sql`(select coalesce(jsonb_agg(distinct t), '[]'::jsonb) from jsonb_array_elements_text(${contacts.tags} || ${JSON.stringify(tags)}::jsonb) as t)` } : {}),
        version: sql`${contacts.version} + 1`,
      })
      .where(and(eq(contacts.id, id), eq(contacts.campingId, tenant.campsiteId)));
  }
  return { created: toInsert.length, updated: toUpdate.size, skipped };
}
