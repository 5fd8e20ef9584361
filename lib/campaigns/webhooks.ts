import { and, eq, isNull } from 'drizzle-orm';
import { campaignEvents, campsites, contacts, newsletterRecipients, webhookReceipts, type CampaignEventKind } from '@/db/schema';
import type { Ctx } from '@/lib/context/unit-of-work';
import { decryptSecret, isEncrypted } from '@/lib/crypto/secret-box';
import { z } from '@/lib/validation';

/** Resend's event types and the kind each one is counted as; any other type is acknowledged and ignored. */
export const RESEND_EVENT_KINDS: Record<string, CampaignEventKind> = {
  'email.delivered': 'delivered',
  'email.opened': 'open',
  'email.clicked': 'click',
  'email.bounced': 'bounce',
  'email.complained': 'spam',
  'email.delivery_delayed': 'delayed',
};

/** Which last_event a later event may replace: a click says more than an open, a bounce or complaint is final. */
const RANK: Partial<Record<string, number>> = { delayed: 1, delivered: 2, open: 3, click: 4, bounce: 5, spam: 6 };

const eventSchema = z.object({
  type: z.string().max(100),
  created_at: z.string().max(100).optional(),
  data: z
    .object({
      email_id: z.string().max(200).optional(),
      click: z.object({ link: z.string().max(4000).optional() }).loose().optional(),
      bounce: z.object({ type: z.string().max(100).optional() }).loose().optional(),
    })
    .loose()
    .optional(),
});

export type WebhookOutcome = 'recorded' | 'replay' | 'ignored' | 'unknown_message';

/**
 * The campsite's signing secret in clear, or null when the campsite has none; undefined when there
 * is no such campsite. The campsite is the webhook address's, not yet proven: the caller's work is
 * the system's until the signature matches.
 */
export async function campsiteWebhookSecret({ db }: Ctx, campsiteId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ secret: campsites.mailjetSecret }).from(campsites).where(eq(campsites.id, campsiteId));
  if (!row) return undefined;
  if (!row.secret) return null;
  try {
    return isEncrypted(row.secret) ? decryptSecret(row.secret) : row.secret;
  } catch {
    // Encrypted with another key: no signature can match.
    return null;
  }
}

function eventTime(value: string | undefined): Date {
  const parsed = value ? new Date(value) : new Date(NaN);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

/**
 * One verified delivery: its receipt and its effects in one transaction, so a replayed svix-id
 * finds the receipt and changes nothing, and a failure leaves no receipt for the retry to trip on.
 */
export async function recordResendEvent({ db }: Ctx, { campsiteId, webhookId, event }: { campsiteId: string; webhookId: string; event: unknown }): Promise<WebhookOutcome> {
  const parsed = eventSchema.safeParse(event);
  const eventType = parsed.success ? parsed.data.type : 'sconosciuto';
  return db.transaction(async (tx) => {
    const receipt = await tx
      .insert(webhookReceipts)
      .values({ webhookId, campingId: campsiteId, eventType })
      .onConflictDoNothing()
      .returning({ webhookId: webhookReceipts.webhookId });
    if (receipt.length === 0) return 'replay';
    const kind = parsed.success ? RESEND_EVENT_KINDS[parsed.data.type] : undefined;
    const messageId = parsed.success ? parsed.data.data?.email_id : undefined;
    if (!parsed.success || !kind || !messageId) return 'ignored';
    const data = parsed.data.data!;
    const [recipient] = await tx
      .select({ campaignId: newsletterRecipients.campaignId, contactId: newsletterRecipients.contactId, lastEvent: newsletterRecipients.lastEvent })
      .from(newsletterRecipients)
      .where(and(eq(newsletterRecipients.campingId, campsiteId), eq(newsletterRecipients.providerMessageId, messageId)))
      .limit(1);
    if (!recipient) return 'unknown_message';
    const at = eventTime(parsed.data.created_at);
    await tx.insert(campaignEvents).values({
      campingId: campsiteId,
      campaignId: recipient.campaignId,
      contactId: recipient.contactId,
      kind,
      url: kind === 'click' ? (data.click?.link ?? null) : null,
      providerMessageId: messageId,
      webhookId,
      at,
    });
    if ((RANK[kind] ?? 0) >= (RANK[recipient.lastEvent ?? ''] ?? 0)) {
      await tx
        .update(newsletterRecipients)
        .set({ lastEvent: kind, updatedAt: new Date() })
        .where(and(eq(newsletterRecipients.campaignId, recipient.campaignId), eq(newsletterRecipients.contactId, recipient.contactId)));
    }
    const hardBounce = kind === 'bounce' && data.bounce?.type?.toLowerCase() === 'permanent';
    if (hardBounce || kind === 'spam') {
      // The first reason stays: an address that bounced and then complained is suppressed since the bounce.
      await tx
        .update(contacts)
        .set({ emailSuppressedAt: at, emailSuppressedReason: hardBounce ? 'bounce' : 'complaint' })
        .where(and(eq(contacts.id, recipient.contactId), eq(contacts.campingId, campsiteId), isNull(contacts.emailSuppressedAt)));
    }
    return 'recorded';
  });
}
