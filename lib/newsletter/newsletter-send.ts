import { and, eq, sql } from 'drizzle-orm';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { logConsentChange, requestSubscription } from '@/lib/newsletter/consent';
import { getSubscription, resubscribe, unsubscribe, type Subscription } from '@/lib/newsletter/subscription';

async function assertList({ db, campsiteId }: CampsiteCtx, listId: string) {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId)));
  if (!list) throw new AppError('not_found', 'Lista non trovata.');
}

/** A contact of the campsite by id or by address (case-insensitive), or 404. */
async function findContact({ db, campsiteId }: CampsiteCtx, who: { contactId?: string | null; email?: string | null }): Promise<string> {
  const [found] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.campingId, campsiteId),
        who.contactId ? eq(contacts.id, who.contactId) : sql`lower(${contacts.email}) = lower(${who.email ?? ''}::text)`,
      ),
    )
    .orderBy(contacts.createdAt)
    .limit(1);
  if (!found) throw new AppError('not_found', 'Cliente non trovato.');
  return found.id;
}

/**
 * newsletterSubscription: the staff put a guest on or off the campsite's newsletters, or one
 * list. Off uses the same rules as the guest's own unsubscribe page; on a list adds the guest to it.
 * Each change leaves a row in the consent log (method 'staff').
 */
export async function setNewsletterSubscription(
  ctx: CampsiteCtx,
  input: { contactId?: string | null; email?: string | null; subscribed: boolean; listId?: string | null },
): Promise<Subscription & { contactId: string }> {
  const { campsiteId } = ctx;
  const contactId = await findContact(ctx, input);
  const ids = { contactId };
  if (input.listId) await assertList(ctx, input.listId);
  if (!input.subscribed) {
    await unsubscribe(ctx, ids, input.listId ?? undefined);
  } else if (input.listId) {
    const listId = input.listId;
    await ctx.db.transaction(async (tx) => {
      await tx.update(contacts).set({ newsletterOptOutAt: null }).where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)));
      await tx
        .insert(listMemberships)
        .values({ campingId: campsiteId, listId, contactId })
        .onConflictDoUpdate({ target: [listMemberships.listId, listMemberships.contactId], set: { unsubscribedAt: null } });
    });
  } else {
    await resubscribe(ctx, ids);
  }
  // The consent log keeps who changed what: here, the staff.
  await logConsentChange(ctx, { contactId, action: input.subscribed ? 'subscribed' : 'unsubscribed', method: 'staff', listId: input.listId });
  return { ...(await getSubscription(ctx, ids)), contactId };
}

/**
 * newsletterSubscription with doppioOptIn: a public form relayed by the booking platform. Nothing
 * is subscribed now: the guest gets the confirmation mail (lib/newsletter/consent.ts) and the
 * answer is their present state. The guest is named by id (of this campsite) or by address.
 */
export async function requestPlatformSubscription(
  ctx: CampsiteCtx,
  input: {
    cliente?: string;
    email?: string;
    lista?: string;
    testoConsenso: string;
    ip?: string;
    userAgent?: string;
    nome?: string;
    idLingua?: number;
  },
  origin: string,
): Promise<{ contactId: string; subscription: Subscription }> {
  const { db, campsiteId } = ctx;
  let email = input.email;
  if (input.cliente) {
    const [known] = await db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.id, input.cliente), eq(contacts.campingId, campsiteId)));
    if (!known) throw new AppError('not_found', 'Cliente non trovato.');
    email = known.email?.trim() || email;
  }
  if (!email) throw new AppError('bad_request', 'Il cliente non ha un indirizzo e-mail: indica email.');
  const requested = await requestSubscription(ctx, {
    email,
    firstName: input.nome,
    languageId: input.idLingua,
    listId: input.lista,
    textShown: input.testoConsenso,
    ip: input.ip,
    userAgent: input.userAgent,
    method: 'platform',
    origin,
  });
  return { contactId: requested.contactId, subscription: await getSubscription(ctx, { contactId: requested.contactId }) };
}
