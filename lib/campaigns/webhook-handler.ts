import type { Ctx } from '@/lib/context/unit-of-work';
import { JSON_BODY_LIMIT, readBodyText } from '@/lib/http/body-limit';
import { toErrorResponse } from '@/lib/http/error-response';
import { verifyResendWebhook, webhookHeaders } from './webhook-verify';
import { campsiteWebhookSecret, recordResendEvent } from './webhooks';

const text = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * Resend's webhooks for one campsite (delivered, opened, clicked, bounced, complained, delayed),
 * signed with the campsite's secret in the Svix scheme. A refused signature changes nothing; a
 * replayed svix-id answers 200 and changes nothing; an error answers 500 so that Resend retries.
 */
export async function handleResendWebhook(ctx: Ctx, request: Request, campsiteId: string): Promise<Response> {
  let body: string;
  try {
    body = await readBodyText(request, JSON_BODY_LIMIT);
  } catch (error) {
    return toErrorResponse(error);
  }
  const secret = await campsiteWebhookSecret(ctx, campsiteId);
  if (secret === undefined) return text('Campeggio non trovato.', 404);
  const headers = webhookHeaders(request.headers);
  if (!headers) return text('Intestazioni svix mancanti: la richiesta non viene da Resend.', 400);
  const event = secret ? verifyResendWebhook(body, headers, secret) : null;
  if (!event) return text('Firma del webhook non valida.', 400);
  const outcome = await recordResendEvent(ctx, { campsiteId, webhookId: headers.id, event });
  return Response.json({ ok: true, esito: outcome });
}
