import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campaignEvents, campsites, contacts, newsletterRecipients, webhookReceipts } from '@/db/schema';
import { handleResendWebhook } from '@/lib/campaigns/webhook-handler';
import { getCampaignStats, getLinkStats } from '@/lib/campaigns/stats';
import { makeMailingCampsite, makeSentNewsletter, newSigningSecret, resendEvent, webhookRequest, type WebhookOptions } from '../helpers/campaigns';
import { ctxFor, systemCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { snapshotDatabase } from '../helpers/db-snapshot';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

async function post(campsiteId: string, event: unknown, options: WebhookOptions) {
  const response = await handleResendWebhook(systemCtxFor(db), webhookRequest(campsiteId, event, options), campsiteId);
  return { status: response.status, text: await response.text() };
}

async function setup() {
  const { campsite, secret } = await makeMailingCampsite(db);
  const newsletter = await makeSentNewsletter(db, campsite.id, { size: 3 });
  const snapshot = () => snapshotDatabase(db, { campsiteIds: [campsite.id], userIds: [] });
  return { campsite, secret, ...newsletter, snapshot };
}

describe('Resend webhooks', () => {
  it('real events move the stats, the ledger and the per-link clicks', async () => {
    const { campsite, secret, campaign, messageIds, contacts: people } = await setup();
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const ids = { campaignId: campaign.id };
    const at = new Date('2026-03-01T10:00:00Z');
    for (const [type, message, extra] of [
      ['email.delivered', messageIds[0], {}],
      ['email.delivered', messageIds[1], {}],
      ['email.delivery_delayed', messageIds[2], {}],
      ['email.opened', messageIds[0], {}],
      ['email.opened', messageIds[0], {}],
      ['email.opened', messageIds[1], {}],
      ['email.clicked', messageIds[0], { click: { link: 'https://campeggio.test/offerte', ipAddress: '1.2.3.4', timestamp: at.toISOString(), userAgent: 'x' } }],
      ['email.clicked', messageIds[0], { click: { link: 'https://campeggio.test/offerte', ipAddress: '1.2.3.4', timestamp: at.toISOString(), userAgent: 'x' } }],
      ['email.clicked', messageIds[1], { click: { link: 'https://campeggio.test/mappa', ipAddress: '1.2.3.4', timestamp: at.toISOString(), userAgent: 'x' } }],
    ] as const) {
      const answer = await post(campsite.id, resendEvent(type, message, extra, at), { secret });
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ ok: true, esito: 'recorded' });
    }
    const stats = await getCampaignStats(ctx, ids);
    expect(stats).toMatchObject({ sent: 3, delivered: 2, opened: 2, opens: 3, clicked: 2, clicks: 3, delayed: 1, bounced: 0, complained: 0 });
    expect(stats.rates).toMatchObject({ delivered: 0.6667, opened: 1, clicked: 1, bounced: 0 });
    expect(await getLinkStats(ctx, ids)).toEqual([
      { url: 'https://campeggio.test/offerte', clicks: 2, recipients: 1 },
      { url: 'https://campeggio.test/mappa', clicks: 1, recipients: 1 },
    ]);
    const ledger = await db
      .select({ contactId: newsletterRecipients.contactId, lastEvent: newsletterRecipients.lastEvent })
      .from(newsletterRecipients)
      .where(eq(newsletterRecipients.campaignId, campaign.id));
    const lastOf = (contactId: string) => ledger.find((row) => row.contactId === contactId)?.lastEvent;
    expect(lastOf(people[0].id)).toBe('click');
    expect(lastOf(people[2].id)).toBe('delayed');
    const events = await db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaign.id));
    expect(events).toHaveLength(9);
    expect(events.every((event) => event.webhookId?.startsWith('msg_') && event.at.getTime() === at.getTime() && event.campingId === campsite.id)).toBe(true);
    expect(events.find((event) => event.kind === 'delivered' && event.providerMessageId === messageIds[0])?.contactId).toBe(people[0].id);
  });

  it('a tampered body, a wrong secret, a stale or future timestamp and missing headers answer 400 and change nothing', async () => {
    const { campsite, secret, messageIds, snapshot } = await setup();
    const before = await snapshot();
    const event = resendEvent('email.bounced', messageIds[0], { bounce: { type: 'Permanent', subType: 'General', message: 'no' } });
    const tampered = await post(campsite.id, event, { secret, signedBody: JSON.stringify(resendEvent('email.delivered', messageIds[0])) });
    expect(tampered.status).toBe(400);
    expect(tampered.text).toBe('Firma del webhook non valida.');
    expect((await post(campsite.id, event, { secret: newSigningSecret() })).status).toBe(400);
    expect((await post(campsite.id, event, { secret: 'non-base64-!!' })).status).toBe(400);
    const now = Math.floor(Date.now() / 1000);
    expect((await post(campsite.id, event, { secret, timestamp: now - 6 * 60 })).status).toBe(400);
    expect((await post(campsite.id, event, { secret, timestamp: now + 6 * 60 })).status).toBe(400);
    const bare = new Request(`https://crm.example.test/api/webhooks/resend/${campsite.id}`, { method: 'POST', body: JSON.stringify(event) });
    expect((await handleResendWebhook(systemCtxFor(db), bare, campsite.id)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // The same delivery, correctly signed and fresh, goes through: the refusals were the signature's.
    expect((await post(campsite.id, event, { secret, timestamp: now - 4 * 60 })).status).toBe(200);
    expect(await snapshot()).not.toEqual(before);
  });

  it('a replayed svix-id answers 200 and changes nothing, even with another body', async () => {
    const { campsite, secret, campaign, messageIds, snapshot } = await setup();
    const id = 'msg_replay_' + campaign.id;
    const first = await post(campsite.id, resendEvent('email.opened', messageIds[0]), { secret, id });
    expect(first.status).toBe(200);
    const after = await snapshot();
    const replay = await post(campsite.id, resendEvent('email.opened', messageIds[0]), { secret, id });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.text)).toEqual({ ok: true, esito: 'replay' });
    const other = await post(campsite.id, resendEvent('email.complained', messageIds[1]), { secret, id });
    expect(other.status).toBe(200);
    expect(await snapshot()).toEqual(after);
    expect((await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).opens).toBe(1);
  });

  it('the same svix-id delivered twice at once is processed once', async () => {
    const { campsite, secret, campaign, messageIds } = await setup();
    const id = 'msg_twice_' + campaign.id;
    const answers = await Promise.all([0, 1, 2].map(() => post(campsite.id, resendEvent('email.clicked', messageIds[0], { click: { link: 'https://x.test' } }), { secret, id })));
    expect(answers.map((answer) => JSON.parse(answer.text).esito).sort()).toEqual(['recorded', 'replay', 'replay']);
    expect((await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).clicks).toBe(1);
  });

  it('a hard bounce and a complaint suppress the address; a soft bounce does not', async () => {
    const { campsite, secret, messageIds, contacts: people, campaign } = await setup();
    const at = new Date('2026-04-02T08:30:00Z');
    await post(campsite.id, resendEvent('email.bounced', messageIds[0], { bounce: { type: 'Permanent', subType: 'Suppressed', message: 'x' } }, at), { secret });
    await post(campsite.id, resendEvent('email.bounced', messageIds[1], { bounce: { type: 'Transient', subType: 'MailboxFull', message: 'x' } }, at), { secret });
    await post(campsite.id, resendEvent('email.complained', messageIds[2], {}, at), { secret });
    const rows = await db.select().from(contacts).where(eq(contacts.campingId, campsite.id));
    const of = (id: string) => rows.find((row) => row.id === id)!;
    expect(of(people[0].id)).toMatchObject({ emailSuppressedAt: at, emailSuppressedReason: 'bounce' });
    expect(of(people[1].id)).toMatchObject({ emailSuppressedAt: null, emailSuppressedReason: null });
    expect(of(people[2].id)).toMatchObject({ emailSuppressedAt: at, emailSuppressedReason: 'complaint' });
    // A later complaint keeps the first reason.
    await post(campsite.id, resendEvent('email.complained', messageIds[0]), { secret });
    const [first] = await db.select().from(contacts).where(eq(contacts.id, people[0].id));
    expect(first).toMatchObject({ emailSuppressedAt: at, emailSuppressedReason: 'bounce' });
    expect(await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).toMatchObject({ bounced: 2, complained: 2 });
  });

  it('unknown message ids and other event types leave only the receipt; an unknown campsite is 404', async () => {
    const { campsite, secret, snapshot } = await setup();
    const before = await snapshot();
    const unknown = await post(campsite.id, resendEvent('email.delivered', 'msg-che-non-esiste'), { secret, id: 'msg_unknown_' + campsite.id });
    expect(JSON.parse(unknown.text)).toEqual({ ok: true, esito: 'unknown_message' });
    const other = await post(campsite.id, { type: 'contact.created', created_at: new Date().toISOString(), data: { id: 'c' } }, { secret, id: 'msg_other_' + campsite.id });
    expect(JSON.parse(other.text)).toEqual({ ok: true, esito: 'ignored' });
    const receipts = await db.select().from(webhookReceipts).where(eq(webhookReceipts.campingId, campsite.id));
    expect(receipts.map((row) => row.eventType).sort()).toEqual(['contact.created', 'email.delivered']);
    const after = await snapshot();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['webhook_receipts']);
    expect((await post('campeggio-inesistente', resendEvent('email.delivered', 'x'), { secret })).status).toBe(404);
  });

  it('another campsite’s secret or webhook address cannot touch this campsite', async () => {
    const mine = await setup();
    const theirs = await makeMailingCampsite(db);
    const before = await mine.snapshot();
    // Their secret on my address: refused.
    const forged = await post(mine.campsite.id, resendEvent('email.complained', mine.messageIds[0]), { secret: theirs.secret });
    expect(forged.status).toBe(400);
    // My message ids through their address, with their secret: no message of theirs, nothing of mine moves.
    const crossed = await post(theirs.campsite.id, resendEvent('email.complained', mine.messageIds[0]), { secret: theirs.secret });
    expect(crossed.status).toBe(200);
    expect(JSON.parse(crossed.text)).toEqual({ ok: true, esito: 'unknown_message' });
    expect(await mine.snapshot()).toEqual(before);
    const events = await db.select().from(campaignEvents).where(and(eq(campaignEvents.campaignId, mine.campaign.id)));
    expect(events).toHaveLength(0);
  });

  it('a campsite without a signing secret refuses every delivery', async () => {
    const { campsite } = await makeMailingCampsite(db);
    await db.update(campsites).set({ mailjetSecret: null }).where(eq(campsites.id, campsite.id));
    expect((await post(campsite.id, resendEvent('email.delivered', 'x'), { secret: newSigningSecret() })).status).toBe(400);
  });

  it('a failure while recording rolls the receipt back, so the provider’s retry is processed', async () => {
    const { campsite, secret, campaign, messageIds, snapshot } = await setup();
    const before = await snapshot();
    // The same database, except that writing the event fails inside the transaction.
    const failing = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return (run: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            run(
              new Proxy(tx, {
                get(inner, name, innerReceiver) {
                  if (name !== 'insert') return Reflect.get(inner, name, innerReceiver);
                  return (table: unknown) => {
                    if (table === campaignEvents) throw new Error('guasto simulato');
                    return inner.insert(table as typeof webhookReceipts);
                  };
                },
              }),
            ),
          );
      },
    });
    const id = 'msg_retry_' + campaign.id;
    const request = () => webhookRequest(campsite.id, resendEvent('email.delivered', messageIds[0]), { secret, id });
    await expect(handleResendWebhook(systemCtxFor(failing), request(), campsite.id)).rejects.toThrow('guasto simulato');
    expect(await snapshot()).toEqual(before);
    const retried = await handleResendWebhook(systemCtxFor(db), request(), campsite.id);
    expect(await retried.json()).toEqual({ ok: true, esito: 'recorded' });
    expect((await getCampaignStats(ctxFor(db, { campsiteId: campsite.id }), { campaignId: campaign.id })).delivered).toBe(1);
  });
});
