import { afterAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { sendNewsletterBatch } from '@/lib/newsletter/batch-send';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { fanOutNewsletter } from '@/lib/newsletter/fan-out';
import { resendNewsletterProvider } from '@/lib/newsletter/provider';
import { metrics } from '@/lib/ops/metrics-registry.mjs';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { campsiteWithProvider, listWithMembers, PROVIDER_KEY, SIGNING_SECRET } from '../helpers/newsletters';
import { parseMetrics, sampleSum } from '../helpers/prometheus';
import { startResendBatchStandIn } from '../helpers/resend-batch-stand-in';

/**
 * The newsletter's counters as Prometheus reads them: the process's one registry (a registry
 * symbol on globalThis), the same object GET /api/metrics serializes after refreshing its database
 * gauges, read here in its text format. Deltas only: the registry lives as long as the process.
 */
const db = await useTestDatabase();
// One call a second at the provider, while the senders below allow themselves ten: calls meet 429s.
const standIn = await startResendBatchStandIn({ apiKey: PROVIDER_KEY, ratePerSecond: 1 });
afterAll(() => standIn.close());
const factory = (key: string) => resendNewsletterProvider(key, standIn.baseUrl);

async function counters() {
  const samples = parseMetrics(await metrics.registry.metrics());
  return {
    sent: sampleSum(samples, 'crm_newsletter_sends_total', { outcome: 'sent' }),
    refused: sampleSum(samples, 'crm_newsletter_sends_total', { outcome: 'refused' }),
    throttled: sampleSum(samples, 'crm_newsletter_provider_429_total'),
  };
}

async function newsletterOf(campsiteId: string, members: number) {
  const ctx = ctxFor(db, { campsiteId });
  const { list } = await listWithMembers(db, campsiteId, Array.from({ length: members }, () => ({})));
  const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Novità per {{nome}}', html: '<p>Ciao {{nome}}</p>' });
  const { batchNos } = await fanOutNewsletter(ctx, { campaignId });
  return { ctx, campaignId, batchNos };
}

describe('the newsletter counters of /api/metrics', () => {
  it('count every mail the provider took, once, and every 429 it answered', { timeout: 60_000 }, async () => {
    const campsite = await campsiteWithProvider(db, 'Camping Contatori');
    const { ctx, campaignId, batchNos } = await newsletterOf(campsite.id, 201);
    expect(batchNos).toHaveLength(3);
    const before = await counters();
    const calls = standIn.calls.length;

    // The three batches at once, as three workers would take them: the provider refuses the calls beyond its one a second.
    const outcomes = await Promise.all(batchNos.map((batchNo) => sendNewsletterBatch(ctx, { campaignId, batchNo }, { factory, ratePerSecond: 10, leaseSeconds: 30 })));
    expect(outcomes).toEqual(['sent', 'sent', 'sent']);
    const ours = standIn.calls.slice(calls);
    const refusals = ours.filter((call) => call.status === 429).length;
    expect(refusals, 'the provider answered 429 to some calls').toBeGreaterThan(0);
    expect(ours.filter((call) => call.status === 200)).toHaveLength(3);

    const after = await counters();
    expect(after.sent - before.sent).toBe(201);
    expect(after.throttled - before.throttled).toBe(refusals);
    expect(after.refused - before.refused).toBe(0);
  });

  it('count the mails of a batch the provider refuses as refused, not sent', { timeout: 30_000 }, async () => {
    // A key the provider does not know: 401, final.
    const campsite = await makeCampsite(db, { name: 'Camping Chiave Sbagliata', mailjetApiKey: encryptSecret('re_chiave_sconosciuta_0123456789'), mailjetSecret: encryptSecret(SIGNING_SECRET) });
    const { ctx, campaignId, batchNos } = await newsletterOf(campsite.id, 7);
    const before = await counters();

    expect(await sendNewsletterBatch(ctx, { campaignId, batchNo: batchNos[0] }, { factory, ratePerSecond: 10, leaseSeconds: 30 })).toBe('failed');

    const after = await counters();
    expect(after.refused - before.refused).toBe(7);
    expect(after.sent - before.sent).toBe(0);
    expect(after.throttled - before.throttled).toBe(0);
  });
});
