import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from '@/lib/vocabulary/mailbox-types';

/** The RFC 5322 source of an outgoing mail, with our Message-ID and the threading headers of a reply. */
export function composeMessage(mail: OutgoingMail): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.fromName ? { name: mail.fromName, address: mail.from } : mail.from,
    to: mail.to,
    cc: mail.cc && mail.cc.length > 0 ? mail.cc : undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references && mail.references.length > 0 ? mail.references : undefined,
    attachments: (mail.attachments ?? []).map((attachment) => ({ filename: attachment.fileName, contentType: attachment.mimeType, content: attachment.content })),
  });
  return composer.compile().build();
}
