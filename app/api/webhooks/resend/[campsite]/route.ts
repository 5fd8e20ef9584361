import { getDb } from '@/db/client';
import { handleResendWebhook } from '@/lib/campaigns/webhook-handler';

/** Resend's webhooks of one campsite: the address to give Resend is /api/webhooks/resend/<campsite id>. */
export async function POST(request: Request, { params }: { params: Promise<{ campsite: string }> }) {
  const { campsite } = await params;
  return handleResendWebhook(getDb(), request, campsite);
}
