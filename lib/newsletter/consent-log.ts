import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { newsletterConsents, type ConsentAction, type ConsentMethod } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { BOM, csvRow } from '@/lib/contacts/csv';
import { csvAttachment, keysetCsvStream } from '@/lib/contacts/csv-stream';
import { TIME_ZONE } from '@/lib/format';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';

export type { ConsentAction, ConsentMethod };

export const CONSENT_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 1000;

export type ConsentLogItem = {
  id: string;
  at: Date;
  email: string;
  action: ConsentAction;
  method: ConsentMethod;
  textShown: string;
  languageId: number | null;
  ip: string | null;
  userAgent: string | null;
  confirmedAt: Date | null;
  position: string;
};

export type ConsentFilter = { email?: string | null };

export const CONSENT_ACTION_LABELS: Record<ConsentAction, string> = {
  requested: 'Richiesta (in attesa di conferma)',
  confirmed: 'Confermata',
  subscribed: 'Iscritto',
  unsubscribed: 'Disiscritto',
};

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  form: 'Modulo contatti',
  staff: 'Staff',
  api: 'API',
  link: 'Link nell’e-mail',
  platform: 'Piattaforma di prenotazione',
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The campsite's rows, optionally those whose address contains the filter (any case). */
function conditions(campsiteId: string, { email }: ConsentFilter): SQL {
  return and(
    eq(newsletterConsents.campingId, campsiteId),
    email ? sql`${newsletterConsents.email} ilike ${`%${escapeLike(email)}%`}` : undefined,
  )!;
}

async function fetchPage(db: DbOrTx, where: SQL, cursor: string | null | undefined, size: number): Promise<Page<ConsentLogItem>> {
  const after = decodeCursor(cursor, 2);
  const rows = await db
    .select({
      id: newsletterConsents.id,
      at: newsletterConsents.at,
      email: newsletterConsents.email,
      action: newsletterConsents.action,
      method: newsletterConsents.method,
      textShown: newsletterConsents.textShown,
      languageId: newsletterConsents.languageId,
      ip: newsletterConsents.ip,
      userAgent: newsletterConsents.userAgent,
      confirmedAt: newsletterConsents.confirmedAt,
      position: exactTimestamp(newsletterConsents.at),
    })
    .from(newsletterConsents)
    .where(
      and(
        where,
        after ? sql`(${newsletterConsents.at}, ${newsletterConsents.id}) < (${String(after[0])}::timestamptz, ${String(after[1])}::text)` : undefined,
      ),
    )
    .orderBy(desc(newsletterConsents.at), desc(newsletterConsents.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => [row.position, row.id]);
}

/** The consent log, newest first, a keyset page at a time; the campsite bounds every row. */
export function listConsents({ db, campsiteId }: CampsiteCtx, filter: ConsentFilter, cursor?: string | null): Promise<Page<ConsentLogItem>> {
  return fetchPage(db, conditions(campsiteId, filter), cursor, CONSENT_PAGE_SIZE);
}

const dateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/yyyy HH:mm in Europe/Rome. */
export function formatConsentDate(value: Date): string {
  return dateTime.format(value).replace(',', '');
}

const COLUMNS: { header: string; value: (row: ConsentLogItem) => string | null }[] = [
  { header: 'Data', value: (row) => formatConsentDate(row.at) },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Azione', value: (row) => CONSENT_ACTION_LABELS[row.action] ?? row.action },
  { header: 'Metodo', value: (row) => CONSENT_METHOD_LABELS[row.method] ?? row.method },
  { header: 'Testo mostrato', value: (row) => row.textShown },
  { header: 'IP', value: (row) => row.ip },
  { header: 'Browser', value: (row) => row.userAgent },
  { header: 'Confermata il', value: (row) => (row.confirmedAt ? formatConsentDate(row.confirmedAt) : null) },
];

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export const consentExportFileName = (now: Date = new Date()) => `Consensi_newsletter_${isoDay.format(now)}.csv`;

/**
 * The log as CSV for Italian Excel (UTF-8 with BOM, ';', CRLF, formula cells neutralised), read one
 * keyset page of 1000 rows when the reader wants more: memory stays flat whatever the size.
 */
export function exportConsentsCsv({ db, campsiteId }: CampsiteCtx, filter: ConsentFilter): ReadableStream<Uint8Array> {
  const where = conditions(campsiteId, filter);
  const header = new TextEncoder().encode(BOM + csvRow(COLUMNS.map((column) => column.header)));
  return keysetCsvStream(
    header,
    (cursor) => fetchPage(db, where, cursor, EXPORT_PAGE_SIZE),
    (row) => csvRow(COLUMNS.map((column) => column.value(row))),
  );
}

export const consentCsvResponse = (stream: ReadableStream<Uint8Array>, now: Date = new Date()): Response => csvAttachment(stream, consentExportFileName(now));
