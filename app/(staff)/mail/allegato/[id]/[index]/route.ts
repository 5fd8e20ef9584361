import { staffRoute } from '@/lib/context/staff';
import { attachmentResponse, receivedAttachment } from '@/lib/mailbox/attachments';

type Context = { params: Promise<{ id: string; index: string }> };

/**
 * GET /mail/allegato/:message/:index: a received mail's attachment, fetched from the mailbox on
 * demand; another campsite's message is simply not found.
 */
export async function GET(_request: Request, { params }: Context) {
  return staffRoute({ packLevel: 0, onNoSession: 'login' }, async ({ run }) => {
    const { id, index } = await params;
    if (id.length > 100 || !/^\d{1,4}$/.test(index)) return Response.json({ error: 'Allegato non trovato.' }, { status: 404 });
    return attachmentResponse(await run((ctx) => receivedAttachment(ctx, { messageId: id, index: Number(index) })));
  });
}
