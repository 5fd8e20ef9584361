import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff } from '@/lib/auth/staff';
import { staffRead } from '@/lib/auth/staff-read';
import { publicOrigin } from '@/lib/mail/origin';
import { drawQuotePdf, loadQuotePdf } from '@/lib/public-quotes/pdf/render';
import { pdfDownload, pdfNotFound } from '@/lib/public-quotes/pdf/response';

type Context = { params: Promise<{ idCliente: string; idPreventivo: string }> };

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /crea-preventivo/preview/:cliente/:preventivo/pdf: the PDF the guest would download, for
 * the staff's own campsite only (another campsite's quote is simply not found). Reads only.
 */
export async function GET(_request: Request, { params }: Context) {
  const { tenant } = await lookupStaff();
  if (!tenant) return Response.json({ error: 'Sessione scaduta: accedi di nuovo.' }, { status: 401, headers: NO_STORE });
  if (!hasFullPack(tenant.packLevel)) return Response.json({ error: 'Il tuo account non ha accesso ai preventivi.' }, { status: 403, headers: NO_STORE });
  const { idCliente, idPreventivo } = await params;
  if (idCliente.length > 100 || idPreventivo.length > 100) return pdfNotFound();
  const data = await staffRead(tenant, (db) => loadQuotePdf(db, { campsiteId: tenant.campsiteId, quoteId: idPreventivo, contactId: idCliente }));
  if (!data) return pdfNotFound();
  return pdfDownload(await drawQuotePdf(data, { origin: await publicOrigin() }));
}
