import { runSystemWork } from '@/lib/context/unit-of-work';
import { handleResendWebhook } from '@/lib/campaigns/webhook-handler';

/** Resend's webhooks of one campsite: the address to give Resend is /api/webhooks/resend/<campsite id>. */
export async function POST(request: Request, { params }: { params: Promise<{ campsite: string }> }) {
  const { campsite } = await params;
  // The signature is checked against this campsite's secret before anything is written.
  return runSystemWork('resend webhook', (ctx) => handleResendWebhook(ctx, request, campsite));
}
