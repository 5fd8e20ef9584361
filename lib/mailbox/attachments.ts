import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { mailboxMessages } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { formatFileSize } from '@/lib/format';
import { openMailboxClient } from './clients';
import { MailboxAuthError, type MailboxClient } from '@/lib/vocabulary/mailbox-types';
import { markReconnect } from './mailbox-row';
import { usableMailbox } from './send';

/** The largest received attachment we pass through: Gmail's own limit for a whole mail. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

// Types a browser may show as they are without running anything of the sender's; the rest is a plain download.
const SHOWN_AS_IS = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv']);

export const safeContentType = (mimeType: string) => {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  return SHOWN_AS_IS.has(type) ? type : 'application/octet-stream';
};

export type ReceivedAttachment = { fileName: string; mimeType: string; bytes: Buffer };

/**
 * A received mail's attachment, by our message id and its index in the stored list: the bytes
 * come from the provider on demand, parsed with the same rule that listed them (lib/mailbox/parse.ts).
 */
export async function receivedAttachment(ctx: CampsiteCtx, input: { messageId: string; index: number }): Promise<ReceivedAttachment> {
  const [message] = await ctx.db
    .select({ providerMessageId: mailboxMessages.providerMessageId, mailboxId: mailboxMessages.mailboxId, attachments: mailboxMessages.attachments })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.id, input.messageId), eq(mailboxMessages.campingId, ctx.campsiteId)));
  const info = message?.attachments.find((attachment) => attachment.index === input.index);
  if (!message || !info) throw new AppError('not_found', 'Allegato non trovato.');
  const tooLarge = () => new AppError('too_large', `L’allegato è troppo grande da scaricare qui (massimo ${formatFileSize(MAX_ATTACHMENT_BYTES)}): aprilo dalla casella di posta.`);
  if (info.byteSize > MAX_ATTACHMENT_BYTES) throw tooLarge();
  const row = await usableMailbox(ctx);
  if (row.id !== message.mailboxId) throw new AppError('not_found', 'L’e-mail era di una casella che non è più collegata.');
  const gone = () => new AppError('not_found', 'L’e-mail non è più nella casella: l’allegato non si può scaricare.');
  // A copy stored at send time before any sync ('local:…') names nothing at the provider.
  if (message.providerMessageId.startsWith('local:')) throw gone();
  let client: MailboxClient | undefined;
  let source: Buffer | null;
  try {
    client = await openMailboxClient(ctx, row);
    source = await client.source(message.providerMessageId);
  } catch (error) {
    if (error instanceof MailboxAuthError) {
      await markReconnect(ctx, row, error.message);
      throw new AppError('conflict', error.message);
    }
    throw new AppError('unavailable', 'La casella non ha risposto: riprova tra poco.');
  } finally {
    await client?.close().catch(() => undefined);
  }
  if (!source) throw gone();
  const mail = await simpleParser(source);
  const part = mail.attachments.filter((attachment) => attachment.contentDisposition !== 'inline' || !attachment.cid)[input.index];
  if (!part) throw new AppError('not_found', 'L’allegato non è più nell’e-mail.');
  if (part.content.length > MAX_ATTACHMENT_BYTES) throw tooLarge();
  return { fileName: info.fileName, mimeType: info.mimeType, bytes: part.content };
}

/** The download's answer: always an attachment, never sniffed into something the browser would run. */
export function attachmentResponse(file: ReceivedAttachment): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': safeContentType(file.mimeType),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'Content-Length': String(file.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
