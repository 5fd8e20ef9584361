import type postgres from 'postgres';
import { encryptForServer } from './server-secret';

/**
 * The rows a mailbox sync would write, straight into the browser tests' PostgreSQL: a bound IMAP
 * mailbox (its server unreachable, so reading works and sending fails) with two conversations of
 * one guest, one unread (its message with a sender's tracking pixel at `pixelUrl`, if given).
 * Used by the mailbox spec and by the accessibility sweep.
 */
/** `threadIds`: the unread conversation first. */
export type SeededMailbox = { mailboxId: string; contactId: string; unreadSubject: string; readSubject: string; guestAddress: string; threadIds: string[] };

export async function seedMailboxRows(sql: postgres.Sql, campsiteId: string, unique: string, pixelUrl?: string): Promise<SeededMailbox> {
  const mailboxId = `e2e-mbx-${unique}`;
  const contactId = `e2e-guest-${unique}`;
  const address = 'info@pineta-e2e.test';
  const guestAddress = `giulia.${unique}@ospite.test`;
  const unreadSubject = `Disponibilità agosto ${unique}`;
  const readSubject = `Conferma arrivo ${unique}`;
  await sql`delete from mailboxes where camping_id = ${campsiteId}`;
  await sql`insert into mailboxes (id, camping_id, provider, address, encrypted_secret, imap_settings, full_sync_at, last_sync_at)
    values (${mailboxId}, ${campsiteId}, 'imap', ${address}, ${encryptForServer('password-della-casella')},
      ${sql.json({ imapHost: '127.0.0.1', imapPort: 9, imapSecure: false, smtpHost: '127.0.0.1', smtpPort: 9, smtpSecure: false, username: address })}, now(), now())`;
  await sql`insert into contacts (id, camping_id, first_name, last_name, email) values (${contactId}, ${campsiteId}, 'Giulia', 'Bianchi', ${guestAddress})`;
  const threads = [
    { id: `${mailboxId}-t1`, subject: unreadSubject, unread: true, at: new Date(), html: `<p>Buongiorno, avete una piazzola libera ad agosto?</p>${pixelUrl ? `<img src="${pixelUrl}" alt="">` : ''}` },
    { id: `${mailboxId}-t2`, subject: readSubject, unread: false, at: new Date(Date.now() - 86_400_000), html: null },
  ];
  for (const thread of threads) {
    const participants = [guestAddress, address];
    await sql`insert into mailbox_threads (id, camping_id, mailbox_id, thread_key, subject, snippet, participants, last_message_at, message_count, unread_count, in_inbox, search_text)
      values (${thread.id}, ${campsiteId}, ${mailboxId}, ${`${thread.id}@ospite.test`}, ${thread.subject}, 'Buongiorno', ${sql.json(participants)}, ${thread.at}, 1, ${thread.unread ? 1 : 0}, true,
        crm_search_text(${`${thread.subject} Giulia Bianchi ${JSON.stringify(participants)}`}::text))`;
    await sql`insert into mailbox_thread_contacts (thread_id, contact_id, camping_id) values (${thread.id}, ${contactId}, ${campsiteId})`;
    // A 'local:' provider id: marking it read touches only our copy, not the unreachable server.
    await sql`insert into mailbox_messages (id, camping_id, mailbox_id, thread_id, provider_message_id, rfc_message_id, from_address, from_name, to_addresses, subject, snippet, html, text, folders, unread, direction, sent_at)
      values (${`${thread.id}-m`}, ${campsiteId}, ${mailboxId}, ${thread.id}, ${`local:${thread.id}`}, ${`${thread.id}@ospite.test`}, ${guestAddress}, 'Giulia Bianchi', ${sql.json([address])},
        ${thread.subject}, 'Buongiorno', ${thread.html}, 'Buongiorno, a che ora si arriva?', ${sql.json(['INBOX'])}, ${thread.unread}, 'in', ${thread.at})`;
  }
  return { mailboxId, contactId, unreadSubject, readSubject, guestAddress, threadIds: threads.map((thread) => thread.id) };
}

/** The mailbox with its conversations (they cascade), and its guest. */
export async function removeMailboxRows(sql: postgres.Sql, seeded: SeededMailbox) {
  await sql`delete from mailboxes where id = ${seeded.mailboxId}`;
  await sql`delete from contacts where id = ${seeded.contactId}`;
}
