import { appUrl } from '@/lib/env';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { campaigns, contacts, listMemberships, mailingLists } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { logConsentChange, requestSubscription } from '@/lib/newsletter/consent';
import { getSubscription, resubscribe, unsubscribe, type Subscription } from '@/lib/newsletter/subscription';
import { deliverSoon } from './mailer';
import { enqueueMail } from './outbox';

/** Recipients are read and queued this many at a time, one transaction each. */
const BATCH = 500;

const UNSUBSCRIBE_LABEL: Record<GuestLocale, string> = {
  it: 'Non vuoi più ricevere queste e-mail? Annulla l’iscrizione',
  de: 'Sie möchten diese E-Mails nicht mehr erhalten? Abmelden',
  en: 'No longer want these e-mails? Unsubscribe',
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Every newsletter ends with the guest's own unsubscribe link (the public /unsubscribe page). */
function withUnsubscribeLink(html: string, origin: string, campsiteId: string, contactId: string, locale: GuestLocale): string {
  const url = `${origin.replace(/\/$/, '')}/unsubscribe/${encodeURIComponent(campsiteId)}/${encodeURIComponent(contactId)}`;
  const footer = `<p style="font-size:12px;color:#868e96;margin-top:24px"><a href="${escapeAttribute(url)}" style="color:#868e96">${UNSUBSCRIBE_LABEL[locale]}</a></p>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : html + footer;
}

async function assertList(db: DbOrTx, campsiteId: string, listId: string) {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId)));
  if (!list) throw new AppError('not_found', 'Lista non trovata.');
}

export type NewsletterInput = { listId: string; subject: string; html: string; campaignId?: string | null; /** Base of the unsubscribe links. */ origin?: string };
export type NewsletterOutcome = { campaignId: string; queued: number; skipped: number; alreadyQueued: number };

/**
 * sendNewsletter: one outbox row per subscribed member with an address (kind 'newsletter': no
 * subject reference, no trace). Unsubscribed members and guests off every newsletter are
 * skipped; an address shared by two members gets one copy. The idempotency key is list +
 * campaign + contact, so sending a campaign again reaches only whoever it did not reach yet.
 */
export async function sendNewsletter(db: Database, campsiteId: string, input: NewsletterInput): Promise<NewsletterOutcome> {
  await assertList(db, campsiteId, input.listId);
  let campaignId = input.campaignId ?? null;
  if (campaignId) {
    const [campaign] = await db
      .select({ id: campaigns.id, listId: campaigns.listId })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)));
    if (!campaign) throw new AppError('not_found', 'Campagna non trovata.');
    if (campaign.listId && campaign.listId !== input.listId) throw new AppError('conflict', 'La campagna è di un’altra lista.');
  } else {
    const [campaign] = await db
      .insert(campaigns)
      .values({ campingId: campsiteId, listId: input.listId, subject: input.subject, html: input.html, status: 'sending' })
      .returning({ id: campaigns.id });
    campaignId = campaign.id;
  }

  const members = and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, input.listId));
  const [{ total }] = await db.select({ total: count() }).from(listMemberships).where(members);
  const origin = input.origin ?? appUrl();
  const seen = new Set<string>();
  let queued = 0;
  let alreadyQueued = 0;
  let after = '';
  for (;;) {
    const page = await db
      .select({ id: contacts.id, email: contacts.email, languageId: contacts.languageId })
      .from(listMemberships)
      .innerJoin(contacts, and(eq(contacts.id, listMemberships.contactId), eq(contacts.campingId, listMemberships.campingId)))
      .where(
        and(
          members,
          isNull(listMemberships.unsubscribedAt),
          isNull(contacts.newsletterOptOutAt),
          sql`coalesce(trim(${contacts.email}), '') <> ''`,
          after ? gt(contacts.id, after) : undefined,
        ),
      )
      .orderBy(contacts.id)
      .limit(BATCH);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    const fresh = page.filter((member) => {
      const address = member.email!.trim().toLowerCase();
      if (seen.has(address)) return false;
      seen.add(address);
      return true;
    });
    await db.transaction(async (tx) => {
      for (const member of fresh) {
        const mail = await enqueueMail(tx, campsiteId, {
          kind: 'newsletter',
          to: [member.email!.trim()],
          subject: input.subject,
          html: withUnsubscribeLink(input.html, origin, campsiteId, member.id, guestLocaleOf(member.languageId)),
          contactId: member.id,
          idempotencyKey: `newsletter:${input.listId}:${campaignId}:${member.id}`,
        });
        if (mail.duplicate) alreadyQueued++;
        else queued++;
      }
    });
    if (page.length < BATCH) break;
  }
  const reached = queued + alreadyQueued;
  await db
    .update(campaigns)
    .set({ status: 'sent', sentAt: new Date(), recipientCount: reached })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)));
  if (queued > 0) deliverSoon();
  return { campaignId, queued, alreadyQueued, skipped: Math.max(0, Number(total) - reached) };
}

/** A contact of the campsite by id or by address (case-insensitive), or 404. */
async function findContact(db: DbOrTx, campsiteId: string, who: { contactId?: string | null; email?: string | null }): Promise<string> {
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
  db: Database,
  campsiteId: string,
  input: { contactId?: string | null; email?: string | null; subscribed: boolean; listId?: string | null },
): Promise<Subscription & { contactId: string }> {
  const contactId = await findContact(db, campsiteId, input);
  const ids = { campsiteId, contactId };
  if (input.listId) await assertList(db, campsiteId, input.listId);
  if (!input.subscribed) {
    await unsubscribe(db, ids, input.listId ?? undefined);
  } else if (input.listId) {
    const listId = input.listId;
    await db.transaction(async (tx) => {
      await tx.update(contacts).set({ newsletterOptOutAt: null }).where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)));
      await tx
        .insert(listMemberships)
        .values({ campingId: campsiteId, listId, contactId })
        .onConflictDoUpdate({ target: [listMemberships.listId, listMemberships.contactId], set: { unsubscribedAt: null } });
    });
  } else {
    await resubscribe(db, ids);
  }
  // The consent log keeps who changed what: here, the staff.
  await logConsentChange(db, { campsiteId, contactId, action: input.subscribed ? 'subscribed' : 'unsubscribed', method: 'staff', listId: input.listId });
  return { ...(await getSubscription(db, ids)), contactId };
}

/**
 * newsletterSubscription with doppioOptIn: a public form relayed by the booking platform. Nothing
 * is subscribed now: the guest gets the confirmation mail (lib/newsletter/consent.ts) and the
 * answer is their present state. The guest is named by id (of this campsite) or by address.
 */
export async function requestPlatformSubscription(
  db: Database,
  campsiteId: string,
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
  const requested = await requestSubscription(db, {
    campsiteId,
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
  return { contactId: requested.contactId, subscription: await getSubscription(db, { campsiteId, contactId: requested.contactId }) };
}
