import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { ImapSettings } from '@/db/schema';
import type { OutgoingMail } from '@/lib/vocabulary/mailbox-types';
import { translateError } from './errors';

const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 60_000;

export function smtpTransport(settings: ImapSettings, password: string): Transporter {
  return nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: settings.smtpSecure,
    auth: { user: settings.username, pass: password },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
}

/** Connects and logs in without sending: what the binding form checks. */
export async function verifySmtp(transport: Transporter, settings: ImapSettings): Promise<void> {
  try {
    await transport.verify();
  } catch (error) {
    throw translateError(error, 'SMTP', settings.smtpHost, settings.smtpPort);
  }
}

/** The message once, as bytes: the same bytes go out by SMTP and into the Sent folder. */
export async function composeRaw(mail: OutgoingMail): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.fromName ? { name: mail.fromName, address: mail.from } : mail.from,
    to: mail.to,
    cc: mail.cc?.length ? mail.cc : undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references?.length ? mail.references : undefined,
    attachments: (mail.attachments ?? []).map((file) => ({ filename: file.fileName, contentType: file.mimeType, content: file.content })),
  });
  return composer.compile().build();
}

export async function sendRaw(transport: Transporter, settings: ImapSettings, mail: OutgoingMail, raw: Buffer): Promise<void> {
  try {
    await transport.sendMail({ envelope: { from: mail.from, to: [...mail.to, ...(mail.cc ?? [])] }, raw });
  } catch (error) {
    throw translateError(error, 'SMTP', settings.smtpHost, settings.smtpPort);
  }
}
