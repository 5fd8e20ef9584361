import { notifications, type NotificationGroup } from '@/db/schema';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

type Guest = { id: string; firstName: string; lastName: string; email: string | null };
type Quote = { id: string; name: string };

const quoteLabel = (quote: Quote) => (quote.name && quote.name !== 'undefined' ? `«${quote.name}»` : 'senza nome');

/** One notification for the campsite's staff; the bell and the legacy getNotifications read them. */
export async function notify(
  ctx: CampsiteCtx,
  notice: { group: NotificationGroup; title: string; description: string; quoteId?: string | null; contactId?: string | null },
): Promise<void> {
  await ctx.db.insert(notifications).values({
    campingId: ctx.campsiteId,
    group: notice.group,
    title: notice.title,
    description: notice.description,
    quoteId: notice.quoteId ?? null,
    contactId: notice.contactId ?? null,
  });
}

/** The staff learn of each step a guest takes, in these words (stored, so they stay as written). */
export const guestEvents = {
  request: (ctx: CampsiteCtx, quote: Quote, guest: Guest, stay: string) =>
    notify(ctx, {
      group: 'richiesta',
      title: 'Nuova richiesta di preventivo',
      description: `${contactDisplayName(guest)} ha chiesto un preventivo${stay ? ` ${stay}` : ''}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  read: (ctx: CampsiteCtx, quote: Quote, guest: Guest) =>
    notify(ctx, {
      group: 'preventivo',
      title: 'Preventivo letto',
      description: `${contactDisplayName(guest)} ha aperto il preventivo ${quoteLabel(quote)}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  accepted: (ctx: CampsiteCtx, quote: Quote, guest: Guest, offer: string) =>
    notify(ctx, {
      group: 'accettazione',
      title: 'Preventivo accettato',
      description: `${contactDisplayName(guest)} ha accettato la proposta «${offer}» del preventivo ${quoteLabel(quote)}.`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
  question: (ctx: CampsiteCtx, quote: Quote, guest: Guest, question: { start: string; offer: number | null }) =>
    notify(ctx, {
      group: 'domanda',
      title: 'Domanda su un preventivo',
      description: `${contactDisplayName(guest)} chiede sul preventivo ${quoteLabel(quote)}${question.offer === null ? '' : ` (offerta ${question.offer})`}: «${question.start}»`,
      quoteId: quote.id,
      contactId: guest.id,
    }),
};
