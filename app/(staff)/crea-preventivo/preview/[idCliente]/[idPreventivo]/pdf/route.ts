import { staffRoute } from '@/lib/context/staff';
import { publicOrigin } from '@/lib/mail/origin';
import { drawQuotePdf, loadQuotePdf } from '@/lib/public-quotes/pdf/render';
import { pdfDownload, pdfNotFound } from '@/lib/public-quotes/pdf/response';

type Context = { params: Promise<{ idCliente: string; idPreventivo: string }> };

/**
 * GET /crea-preventivo/preview/:cliente/:preventivo/pdf: the PDF the guest would download, for
 * the staff's own campsite only (another campsite's quote is simply not found). Reads only; the
 * drawing happens after the read's transaction has closed.
 */
export async function GET(_request: Request, { params }: Context) {
  return staffRoute({ forbidden: 'Il tuo account non ha accesso ai preventivi.' }, async ({ run }) => {
    const { idCliente, idPreventivo } = await params;
    if (idCliente.length > 100 || idPreventivo.length > 100) return pdfNotFound();
    const data = await run((ctx) => loadQuotePdf(ctx, { quoteId: idPreventivo, contactId: idCliente }));
    if (!data) return pdfNotFound();
    return pdfDownload(await drawQuotePdf(data, { origin: await publicOrigin() }));
  });
}
