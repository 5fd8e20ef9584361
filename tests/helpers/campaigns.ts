import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { campaignEvents, campaigns, contacts, mailingLists, newsletterRecipients, type CampaignEventKind, type CampaignStatus } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { makeCampsite } from './fixtures';

/** A Resend/Svix signing secret: whsec_ and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A campsite with a provider key and a signing secret, stored encrypted as the settings page stores them. */
export async function makeMailingCampsite(db: Database, secret = newSigningSecret()) {
  const campsite = await makeCampsite(db, { mailjetApiKey: encryptSecret(`re_${randomBytes(8).toString('hex')}`), mailjetSecret: encryptSecret(secret) });
  return { campsite, secret };
}

/**
 * A newsletter already handed to the provider: a list, `size` contacts and their ledger rows,
 * each with its provider message id, written straight to the tables as the sending engine would.
 */
export async function makeSentNewsletter(
  db: Database,
  campsiteId: string,
  { size = 3, status = 'sent' as CampaignStatus, subject = 'Offerte di primavera', createdAt }: { size?: number; status?: CampaignStatus; subject?: string; createdAt?: Date } = {},
) {
  const [list] = await db.insert(mailingLists).values({ campingId: campsiteId, name: `Lista ${randomBytes(3).toString('hex')}` }).returning();
  const people = await db
    .insert(contacts)
    .values(Array.from({ length: size }, (_, i) => ({ campingId: campsiteId, firstName: `Ospite${i}`, email: `ospite${i}-${randomBytes(4).toString('hex')}@prova.test` })))
    .returning();
  const now = new Date();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      campingId: campsiteId,
      listId: list.id,
      subject,
      html: '<p>Ciao</p>',
      status,
      recipientCount: size,
      sentCount: status === 'sent' ? size : 0,
      startedAt: now,
      sentAt: status === 'sent' ? now : null,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  const recipients = people.map((person, i) => ({
    campingId: campsiteId,
    campaignId: campaign.id,
    contactId: person.id,
    email: person.email!,
    batchNo: 0,
    state: status === 'sent' ? ('sent' as const) : ('pending' as const),
    providerMessageId: status === 'sent' ? `msg-${campaign.id}-${i}` : null,
  }));
  await db.insert(newsletterRecipients).values(recipients);
  return { list, contacts: people, campaign, messageIds: recipients.map((row) => row.providerMessageId ?? '') };
}

/** Events written straight to campaign_events, for the stats tests. */
export async function insertEvents(
  db: Database,
  campsiteId: string,
  campaignId: string,
  rows: { kind: CampaignEventKind; contactId: string; at?: Date; url?: string }[],
) {
  if (rows.length === 0) return;
  await db.insert(campaignEvents).values(rows.map((row) => ({ campingId: campsiteId, campaignId, contactId: row.contactId, kind: row.kind, url: row.url ?? null, at: row.at ?? new Date() })));
}

/** Signs like Svix (standardwebhooks): base64 HMAC-SHA256 of `id.timestamp.body` with the secret after whsec_. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type WebhookOptions = { secret: string; id?: string; timestamp?: number; signedBody?: string };

/** A Resend delivery to /api/webhooks/resend/<campsite>, signed with `secret` (over `signedBody` when given, to tamper). */
export function webhookRequest(campsiteId: string, event: unknown, { secret, id = `msg_${randomBytes(12).toString('hex')}`, timestamp, signedBody }: WebhookOptions) {
  const body = JSON.stringify(event);
  const ts = timestamp ?? Math.floor(Date.now() / 1000);
  return new Request(`https://crm.example.test/api/webhooks/resend/${campsiteId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(ts), 'svix-signature': signWebhook(secret, id, ts, signedBody ?? body) },
    body,
  });
}

/** A Resend event as its webhooks send it. */
export function resendEvent(type: string, emailId: string, extra: Record<string, unknown> = {}, createdAt = new Date()) {
  return {
    type,
    created_at: createdAt.toISOString(),
    data: { email_id: emailId, created_at: createdAt.toISOString(), from: 'Campeggio <news@prova.test>', to: ['ospite@prova.test'], subject: 'Offerte', ...extra },
  };
}
