import { getDb } from '@/db/client';
import { parseContactListParams } from '@/lib/contacts/list-params';
import { requireStaff } from '@/lib/auth/staff';
import { csvDownloadResponse, exportContactsCsv } from '@/lib/contacts/export';
import { classifyError } from '@/lib/error-classification';

/** GET /clienti/esporta?q=…&dal=…&al=…&ordine=…: the list's current filters as a CSV download. */
export async function GET(request: Request) {
  const tenant = await requireStaff();
  const params = parseContactListParams(Object.fromEntries(new URL(request.url).searchParams));
  try {
    return csvDownloadResponse(exportContactsCsv(getDb(), tenant, params));
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return new Response(known.message, { status: known.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}
