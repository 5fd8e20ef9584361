import type { Database } from '@/db/client';
import type { MailboxRow } from '../mailbox-row';
import type { MailboxClient } from '../types';

/** Placeholder until the Gmail REST client lands. */
export async function gmailClient(db: Database, row: MailboxRow): Promise<MailboxClient> {
  throw new Error(`Client Gmail non ancora disponibile per ${row.address} (${typeof db}).`);
}
