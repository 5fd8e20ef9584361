import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { campsites, contacts, listMemberships, mailingLists } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';

/** A newsletter recipient's key: the campsite and the guest's own (unguessable) id. */
export type RecipientIds = { campsiteId: string; contactId: string };

/** The guest within the unit of work's campsite. */
type Recipient = { contactId: string };

export type Subscription = {
  campsiteName: string;
  firstName: string;
  locale: GuestLocale;
  subscribed: boolean;
  lists: { id: string; name: string; subscribed: boolean }[];
};

async function recipient({ db, campsiteId }: CampsiteCtx, { contactId }: Recipient) {
  const [row] = await db
    .select({ contact: contacts, campsiteName: campsites.name })
    .from(contacts)
    .innerJoin(campsites, eq(campsites.id, contacts.campingId))
    .where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)));
  if (!row) throw new AppError('not_found', 'Iscrizione non trovata.');
  return row;
}

/** checkNewsletter: is the guest receiving the campsite's newsletters, and on which lists. */
export async function getSubscription(ctx: CampsiteCtx, who: Recipient): Promise<Subscription> {
  const { contact, campsiteName } = await recipient(ctx, who);
  const lists = await ctx.db
    .select({ id: mailingLists.id, name: mailingLists.name, unsubscribedAt: listMemberships.unsubscribedAt })
    .from(listMemberships)
    .innerJoin(mailingLists, and(eq(mailingLists.id, listMemberships.listId), eq(mailingLists.campingId, listMemberships.campingId)))
    .where(and(eq(listMemberships.contactId, contact.id), eq(listMemberships.campingId, ctx.campsiteId)));
  return {
    campsiteName,
    firstName: contact.firstName,
    locale: guestLocaleOf(contact.languageId),
    subscribed: contact.newsletterOptOutAt === null,
    lists: lists.map((list) => ({ id: list.id, name: list.name, subscribed: list.unsubscribedAt === null })),
  };
}

/**
 * annullaNewsletter: off every newsletter of the campsite, or off one list. Repeating it changes
 * nothing: the first date of the opt-out is kept.
 */
export async function unsubscribe(ctx: CampsiteCtx, who: Recipient, listId?: string): Promise<void> {
  const { db, campsiteId } = ctx;
  const { contact } = await recipient(ctx, who);
  const now = new Date();
  const memberships = and(eq(listMemberships.contactId, contact.id), eq(listMemberships.campingId, campsiteId), isNull(listMemberships.unsubscribedAt));
  if (listId) {
    await db.update(listMemberships).set({ unsubscribedAt: now }).where(and(memberships, eq(listMemberships.listId, listId)));
    return;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(contacts)
      .set({ newsletterOptOutAt: now })
      .where(and(eq(contacts.id, contact.id), eq(contacts.campingId, campsiteId), isNull(contacts.newsletterOptOutAt)));
    await tx.update(listMemberships).set({ unsubscribedAt: now }).where(memberships);
  });
}

/** iscriviNewsletter: the guest changed their mind; back on the campsite's newsletters and lists. */
export async function resubscribe(ctx: CampsiteCtx, who: Recipient): Promise<void> {
  const { db, campsiteId } = ctx;
  const { contact } = await recipient(ctx, who);
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ newsletterOptOutAt: null }).where(and(eq(contacts.id, contact.id), eq(contacts.campingId, campsiteId)));
    await tx
      .update(listMemberships)
      .set({ unsubscribedAt: null })
      .where(and(eq(listMemberships.contactId, contact.id), eq(listMemberships.campingId, campsiteId), isNotNull(listMemberships.unsubscribedAt)));
  });
}
