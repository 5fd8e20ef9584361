import { simpleParser, type AddressObject } from 'mailparser';
import type { MailboxAttachmentInfo } from '@/db/schema';
import type { FetchedMessage } from '@/lib/vocabulary/mailbox-types';

/** Past this, a message's HTML is not kept (a newsletter full of inline images); its text still is. */
const MAX_HTML_CHARS = 1_000_000;
const MAX_TEXT_CHARS = 200_000;

export type ParsedMessage = {
  providerMessageId: string;
  providerThreadId: string | null;
  rfcMessageId: string | null;
  inReplyTo: string | null;
  references: string[];
  fromAddress: string;
  fromName: string;
  toAddresses: string[];
  ccAddresses: string[];
  subject: string;
  snippet: string;
  html: string | null;
  text: string | null;
  attachments: MailboxAttachmentInfo[];
  folders: FetchedMessage['folders'];
  unread: boolean;
  sentAt: Date;
};

/** '<abc@host>' → 'abc@host': ids are stored bare, so '<…>' and '…' compare equal. */
export const bareMessageId = (value: string | undefined | null): string | null => {
  const trimmed = value?.trim().replace(/^<|>$/g, '').trim();
  return trimmed ? trimmed.slice(0, 998) : null;
};

function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? value.split(/\s+/) : [];
  return list.map(bareMessageId).filter((id): id is string => Boolean(id)).slice(-50);
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  const flat = objects.flatMap((object) => object.value.flatMap((entry) => (entry.group ? entry.group : [entry])));
  return [...new Set(flat.map((entry) => entry.address?.trim().toLowerCase()).filter((address): address is string => Boolean(address)))].slice(0, 200);
}

export const snippetOf = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);

/** One fetched message, parsed once: headers for threading and linking, bodies for reading. */
export async function parseMessage(message: FetchedMessage): Promise<ParsedMessage> {
  const mail = await simpleParser(message.raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = mail.from?.value[0];
  const text = mail.text ? mail.text.slice(0, MAX_TEXT_CHARS) : null;
  const html = typeof mail.html === 'string' && mail.html.length <= MAX_HTML_CHARS ? mail.html : null;
  return {
    providerMessageId: message.providerMessageId,
    providerThreadId: message.providerThreadId,
    rfcMessageId: bareMessageId(mail.messageId),
    inReplyTo: bareMessageId(mail.inReplyTo),
    references: messageIds(mail.references),
    fromAddress: from?.address?.trim().toLowerCase() ?? '',
    fromName: from?.name?.trim() ?? '',
    toAddresses: addresses(mail.to),
    ccAddresses: addresses(mail.cc),
    subject: (mail.subject ?? '').slice(0, 998),
    snippet: snippetOf(text),
    html,
    text,
    attachments: mail.attachments
      .filter((attachment) => attachment.contentDisposition !== 'inline' || !attachment.cid)
      .map((attachment, index) => ({ fileName: attachment.filename ?? `allegato-${index + 1}`, mimeType: attachment.contentType, byteSize: attachment.size, index })),
    folders: message.folders,
    unread: message.unread,
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : (message.receivedAt ?? new Date()),
  };
}
