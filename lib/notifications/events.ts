import type { DbOrTx } from '@/db/client';
import { notifications, type NotificationGroup } from '@/db/schema';
import { contactDisplayName } from '@/lib/contacts/display';

type Guest = { id: string; firstName: string; lastName: string; email: string | null };
type Quote = { id: string; name: string };

const quoteLabel = (quote: Quote) => (quote.name && quote.name !== 'undefined' ? `«${quote.name}»` : 'senza nome');

/** One notification for the campsite's staff; the bell and the legacy getNotifications read them. */
export async function notify(
  db: DbOrTx,
  campsiteId: string,
  notice: { group: NotificationGroup; title: string; description: string; quoteId?: string | null; contactId?: string | null },
): Promise<void> {
  await db.insert(notifications).values({
    campingId: campsiteId,
    group: notice.group,
    title: notice.title,
    description: notice.description,
    quoteId: notice.quoteId ?? null,
    contactId: notice.contactId ?? null,
  });
}

/** The staff learn of each step a guest takes, in these words (stored, so they stay as written). */
export const guestEvents = {
  request: (db: DbOrTx, campsiteId: string, quote: Quote, guest: Guest, stay: string) =>
    notify(db, campsiteId, {
      group: 'richiesta',
      title: 'Nuova richiesta di preventivo',
      description: `${contactDisplayName(guest)} ha chiesto un preventivo${stay ? ` ${stay}` : ''}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  read: (db: DbOrTx, campsiteId: string, quote: Quote, guest: Guest) =>
    notify(db, campsiteId, {
      group: 'preventivo',
      title: 'Preventivo letto',
      description: `${contactDisplayName(guest)} ha aperto il preventivo ${quoteLabel(quote)}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  accepted: (db: DbOrTx, campsiteId: string, quote: Quote, guest: Guest, offer: string) =>
    notify(db, campsiteId, {
      group: 'accettazione',
      title: 'Preventivo accettato',
      description: `${contactDisplayName(guest)} ha accettato la proposta «${offer}» del preventivo ${quoteLabel(quote)}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  question: (db: DbOrTx, campsiteId: string, quote: Quote, guest: Guest, question: { start: string; offer: number | null }) =>
    notify(db, campsiteId, {
      group: 'domanda',
      title: 'Domanda su un preventivo',
      description: `${contactDisplayName(guest)} chiede sul preventivo ${quoteLabel(quote)}${question.offer === null ? '' : ` (offerta ${question.offer})`}: «${question.start}»`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
};
