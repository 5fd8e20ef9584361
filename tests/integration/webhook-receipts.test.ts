import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { newsletterRecipients } from '@/db/schema';
import { handleResendWebhook } from '@/lib/campaigns/webhook-handler';
import { makeMailingCampsite, makeSentNewsletter, resendEvent, webhookRequest } from '../helpers/campaigns';
import { systemCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';

/**
 * Issue 26: a receipt was keyed by the svix-id alone, so a campsite's valid event was dropped as a
 * replay when another campsite's provider account had used the same id. Each campsite has its own.
 */
let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

it('the same svix-id at two campsites is recorded at both, and replayed at neither', async () => {
  const sites = await Promise.all([0, 1].map(async () => {
    const { campsite, secret } = await makeMailingCampsite(db);
    const newsletter = await makeSentNewsletter(db, campsite.id, { size: 1 });
    return { campsite, secret, ...newsletter };
  }));
  const id = `msg_shared_${sites[0].campaign.id}`;
  for (const site of sites) {
    const event = resendEvent('email.delivered', site.messageIds[0]);
    const answer = await handleResendWebhook(systemCtxFor(db), webhookRequest(site.campsite.id, event, { secret: site.secret, id }), site.campsite.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, esito: 'recorded' });
    const [recipient] = await db.select({ lastEvent: newsletterRecipients.lastEvent }).from(newsletterRecipients).where(eq(newsletterRecipients.providerMessageId, site.messageIds[0]));
    expect(recipient.lastEvent).toBe('delivered');
    const replay = await handleResendWebhook(systemCtxFor(db), webhookRequest(site.campsite.id, event, { secret: site.secret, id }), site.campsite.id);
    expect(await replay.json()).toEqual({ ok: true, esito: 'replay' });
  }
});
