import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { listStayLedger, type StayLedgerEntry } from './ledger-list';
import { romeToday } from './schedule';
import { listUpcomingStayMails, type UpcomingStayMail } from './upcoming';

/** A guest's stays are booked up to a season ahead: a year shows every mail still to go. */
const CONTACT_HORIZON_DAYS = 366;
/** The contact page shows a few; the «Prossimi invii» page has them all. */
const CONTACT_ROWS = 10;

export type ContactStayMails = { today: string; upcoming: UpcomingStayMail[]; past: StayLedgerEntry[]; more: boolean };

/** The contact page's «Invii automatici»: this guest's stay mails still to go and those the ledger holds. */
export async function contactStayMails(ctx: CampsiteCtx, { contactId }: { contactId: string }): Promise<ContactStayMails> {
  const today = romeToday();
  const upcoming = await listUpcomingStayMails(ctx, { days: CONTACT_HORIZON_DAYS, contactId, limit: CONTACT_ROWS, today });
  const past = await listStayLedger(ctx, { contactId, limit: CONTACT_ROWS });
  return { today, upcoming: upcoming.items, past: past.items, more: Boolean(upcoming.nextCursor || past.nextCursor) };
}
