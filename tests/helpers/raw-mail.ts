import { randomBytes } from 'node:crypto';

export type RawMailInput = {
  from: string;
  to: string;
  subject: string;
  text?: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
};

/** A fresh Message-ID, with its angle brackets. */
export const newMessageId = (host = 'example.it') => `<${randomBytes(8).toString('hex')}@${host}>`;

/** A plain RFC 5322 message, as a guest's mail program would send it. */
export function rawMail(input: RawMailInput): string {
  const headers = [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${(input.date ?? new Date()).toUTCString()}`,
    `Message-ID: ${input.messageId ?? newMessageId()}`,
    ...(input.inReplyTo ? [`In-Reply-To: ${input.inReplyTo}`] : []),
    ...(input.references?.length ? [`References: ${input.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${input.text ?? 'Buongiorno, vi scrivo per la vacanza.'}\r\n`;
}
