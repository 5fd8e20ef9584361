import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { formatDate, TIME_ZONE } from '@/lib/format';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { BOM, csvRow } from './csv';
import { csvAttachment, keysetCsvStream } from './csv-stream';
import { copyContactsCsv, postgresClientOf } from './export-copy';
import { contactConditions, fetchContactPage, type ContactListItem, type ContactSearch } from './search';
import type { ContactSort } from './validation';

/** The export's columns, in the order of the file; the import recognises these headers too. */
export const EXPORT_COLUMNS: { header: string; value: (contact: ContactListItem) => string | null }[] = [
  { header: 'Nome', value: (c) => c.firstName },
  { header: 'Cognome', value: (c) => c.lastName },
  { header: 'E-mail', value: (c) => c.email },
  { header: 'Prefisso', value: (c) => c.phonePrefix },
  { header: 'Telefono', value: (c) => c.phone },
  { header: 'Lingua', value: (c) => c.languageName },
  { header: 'Nazione', value: (c) => c.nationName },
  { header: 'Città', value: (c) => c.city },
  { header: 'Indirizzo', value: (c) => c.address },
  { header: 'CAP', value: (c) => c.postalCode },
  { header: 'Note', value: (c) => c.notes },
  { header: 'Etichette', value: (c) => c.tags.join(', ') },
  { header: 'Data creazione', value: (c) => formatDate(c.createdAt) },
];

export const EXPORT_PAGE_SIZE = 1000;

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** ExportDati_YYYY-MM-DD.csv, the day in Europe/Rome (spec section 9). */
export function exportFileName(now: Date = new Date()): string {
  return `ExportDati_${isoDay.format(now)}.csv`;
}

export type ExportFilters = ContactSearch & { sort?: ContactSort };

/**
 * The filtered contacts as CSV for Italian Excel: UTF-8 with BOM, ';' between fields, CRLF,
 * dates dd/mm/yyyy, formula cells neutralised. On PostgreSQL one COPY streams it
 * (export-copy.ts); on the embedded PGlite the stream pulls one keyset page of 1000 rows when the
 * reader wants more. Memory stays flat whatever the size either way. The filters are checked now
 * (an invalid date throws before any byte is sent).
 */
export function exportContactsCsv(ctx: CampsiteCtx, filters: ExportFilters = {}): ReadableStream<Uint8Array> {
  const { db } = ctx;
  const where = contactConditions(ctx.campsiteId, filters);
  const sort = filters.sort ?? 'recenti';
  const encoder = new TextEncoder();
  const header = encoder.encode(BOM + csvRow(EXPORT_COLUMNS.map((column) => column.header)));
  const client = postgresClientOf(db);
  return client ? copyContactsCsv(client, where, sort, header) : pagedContactsCsv(db, where, sort, header);
}

/** The export read one keyset page of 1000 rows at a time, when the reader wants more (PGlite). */
export function pagedContactsCsv(db: DbOrTx, where: SQL, sort: ContactSort, header: Uint8Array): ReadableStream<Uint8Array> {
  return keysetCsvStream(
    header,
    (cursor) => fetchContactPage(db, where, sort, cursor, EXPORT_PAGE_SIZE),
    (contact) => csvRow(EXPORT_COLUMNS.map((column) => column.value(contact))),
  );
}

/** The stream as a download. */
export const csvDownloadResponse = (stream: ReadableStream<Uint8Array>, now: Date = new Date()): Response => csvAttachment(stream, exportFileName(now));
