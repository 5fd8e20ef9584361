import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the capture accepted: the bytes as they came, and the SMTP envelope. */
export type CapturedMail = { raw: Buffer; envelope: { from: string; to: string[] }; user: string; at: number };

/**
 * A local SMTP server that checks the login (plain text, no TLS) and keeps every message it
 * accepts: it stands for the provider's submission server.
 */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const users = new Map<string, string>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && users.get(auth.username) === auth.password) return callback(null, { user: auth.username });
      const refused = Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 });
      return callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          raw: Buffer.concat(chunks),
          envelope: { from: mailFrom ? mailFrom.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
          user: String(session.user ?? ''),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    received,
    setPassword: (user: string, password: string) => void users.set(user, password),
    /** From now on the user's login is refused with 535, as after a password change. */
    failAuthFor: (user: string) => void users.delete(user),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
