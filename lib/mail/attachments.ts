import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { mailAttachments, mailOutbox } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { assertQuote, findTrace } from './traces';

/** allegati: files for a mail or a quote, kept in the database (bytea) with the campsite's id. */

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Programs and scripts: a mail client may run them, and no campsite needs to send one. */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe', 'com', 'bat', 'cmd', 'msi', 'msp', 'msc', 'scr', 'pif', 'cpl', 'dll', 'sys', 'lnk', 'hta', 'jar', 'js', 'jse', 'mjs',
  'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'sh', 'bash', 'zsh', 'csh', 'apk', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'run', 'bin',
  'reg', 'scf', 'inf', 'gadget', 'application', 'appx', 'msix', 'iso', 'img', 'vhd', 'vhdx', 'py', 'pl', 'rb', 'php', 'elf', 'out',
]);
const EXECUTABLE_MIME = /^(application\/(x-(ms)?dos-?exec(utable)?|x-msdownload|x-msdos-program|x-executable|x-elf|x-mach-binary|x-sharedlib|x-sh|x-csh|x-shellscript|x-bat|x-msi|x-ms-installer|x-ms-shortcut|x-apple-diskimage|java-archive|x-java-archive|vnd\.microsoft\.portable-executable|vnd\.android\.package-archive|hta|x-javascript|javascript|ecmascript|x-python|x-perl|x-php|x-powershell)|text\/(javascript|ecmascript|x-sh|x-shellscript|x-python|x-perl|x-php|vbscript|x-vbscript))$/i;

/** What the first bytes say, whatever the name: Windows PE (MZ), ELF, Mach-O, a #! script. */
function looksExecutable(bytes: Uint8Array): boolean {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  return (
    starts(0x4d, 0x5a) ||
    starts(0x7f, 0x45, 0x4c, 0x46) ||
    starts(0xcf, 0xfa, 0xed, 0xfe) ||
    starts(0xce, 0xfa, 0xed, 0xfe) ||
    starts(0xfe, 0xed, 0xfa, 0xcf) ||
    starts(0xfe, 0xed, 0xfa, 0xce) ||
    starts(0xca, 0xfe, 0xba, 0xbe) ||
    starts(0x23, 0x21)
  );
}

export type AttachmentInfo = {
  id: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
  quoteId: string | null;
  mailTraceId: string | null;
  createdAt: Date;
};

const infoColumns = {
  id: mailAttachments.id,
  fileName: mailAttachments.fileName,
  mimeType: mailAttachments.mimeType,
  byteSize: mailAttachments.byteSize,
  quoteId: mailAttachments.quoteId,
  mailTraceId: mailAttachments.mailTraceId,
  createdAt: mailAttachments.createdAt,
};

/** A file name safe for a mail header: no path, no control characters, not empty. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim().slice(0, 200);
  return cleaned || 'allegato';
}

export type NewAttachment = { bytes: Uint8Array; fileName: string; mimeType?: string | null; quoteId?: string | null; mailTraceId?: string | null };

/** Stores an attachment after the checks: size, no programs, the quote and the mail of this campsite. */
export async function addAttachment(ctx: CampsiteCtx, input: NewAttachment): Promise<AttachmentInfo> {
  if (input.bytes.byteLength === 0) throw new AppError('bad_request', 'Il file è vuoto.');
  if (input.bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError('bad_request', 'L’allegato supera il limite di 10 MB.');
  const fileName = cleanFileName(input.fileName);
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const mimeType = (input.mimeType?.trim().toLowerCase() || 'application/octet-stream').split(';')[0].trim();
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(mimeType)) {
    throw new AppError('bad_request', 'Tipo di file (mimeType) non valido.');
  }
  if (EXECUTABLE_EXTENSIONS.has(extension) || EXECUTABLE_MIME.test(mimeType) || looksExecutable(input.bytes)) {
    throw new AppError('bad_request', 'Non si possono allegare programmi o script (per esempio .exe, .js, .sh).');
  }
  if (input.quoteId) await assertQuote(ctx, input.quoteId);
  if (input.mailTraceId && !(await findTrace(ctx, input.mailTraceId))) throw new AppError('not_found', 'E-mail non trovata.');
  const [row] = await ctx.db
    .insert(mailAttachments)
    .values({
      campingId: ctx.campsiteId,
      fileName,
      mimeType,
      byteSize: input.bytes.byteLength,
      data: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      quoteId: input.quoteId ?? null,
      mailTraceId: input.mailTraceId ?? null,
    })
    .returning(infoColumns);
  return row;
}

/** getAllegati/{id}: the files of a quote or of a mail of this campsite, without their bytes; 404 for anything else. */
export async function listAttachments(ctx: CampsiteCtx, ownerId: string): Promise<AttachmentInfo[]> {
  const rows = await ctx.db
    .select(infoColumns)
    .from(mailAttachments)
    .where(and(eq(mailAttachments.campingId, ctx.campsiteId), or(eq(mailAttachments.quoteId, ownerId), eq(mailAttachments.mailTraceId, ownerId))))
    .orderBy(desc(mailAttachments.createdAt), desc(mailAttachments.id))
    .limit(500);
  if (rows.length > 0) return rows;
  const isQuote = await assertQuote(ctx, ownerId).then(
    () => true,
    () => false,
  );
  if (isQuote || (await findTrace(ctx, ownerId))) return [];
  throw new AppError('not_found', 'Preventivo o e-mail non trovati.');
}

/** deleteAllegato/{id}: refused while a mail waiting in the outbox still carries the file. */
export async function deleteAttachment(ctx: CampsiteCtx, attachmentId: string): Promise<AttachmentInfo> {
  const [waiting] = await ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.campingId, ctx.campsiteId),
        inArray(mailOutbox.status, ['pending', 'sending']),
        sql`${mailOutbox.attachmentIds} @> ${JSON.stringify([attachmentId])}::jsonb`,
      ),
    )
    .limit(1);
  if (waiting) throw new AppError('conflict', 'L’allegato è in un’e-mail in attesa di invio: riprova dopo l’invio.');
  const [deleted] = await ctx.db
    .delete(mailAttachments)
    .where(and(eq(mailAttachments.id, attachmentId), eq(mailAttachments.campingId, ctx.campsiteId)))
    .returning(infoColumns);
  if (!deleted) throw new AppError('not_found', 'Allegato non trovato.');
  return deleted;
}
