import { runGuestWork } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { JSON_BODY_LIMIT, readBodyText } from '@/lib/http/body-limit';
import { toErrorResponse } from '@/lib/http/error-response';
import { clientInfo } from '@/lib/auth/client-info';
import { recordUnsubscribeEvent } from '@/lib/campaigns/unsubscribe-event';
import { logConsentChange } from '@/lib/newsletter/consent';
import { unsubscribe } from '@/lib/newsletter/subscription';

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the
 * address in the List-Unsubscribe header, without cookies. proxy.ts routes POSTs to the two
 * unsubscribe page addresses here. Repeating it is harmless.
 */
export async function POST(request: Request, { params }: { params: Promise<{ campId: string; contactId: string }> }) {
  const { campId, contactId } = await params;
  let body: string;
  try {
    body = await readBodyText(request, JSON_BODY_LIMIT);
  } catch (error) {
    return toErrorResponse(error);
  }
  if (!new URLSearchParams(body).has('List-Unsubscribe')) {
    return new Response('Richiesta non valida: atteso List-Unsubscribe=One-Click.', { status: 400 });
  }
  try {
    const guest = { contactId };
    const client = clientInfo(request.headers);
    await runGuestWork(campId, async (ctx) => {
      await unsubscribe(ctx, guest);
      await recordUnsubscribeEvent(ctx, guest);
      await logConsentChange(ctx, { ...guest, action: 'unsubscribed', method: 'link', ...client });
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return new Response('Non trovato.', { status: 404 });
    throw error;
  }
  return new Response(null, { status: 204 });
}
