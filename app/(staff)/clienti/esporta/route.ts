import { staffRoute } from '@/lib/context/staff';
import { parseContactListParams } from '@/lib/contacts/list-params';
import { csvDownloadResponse, exportContactsCsv } from '@/lib/contacts/export';

/**
 * GET /clienti/esporta?q=…&dal=…&al=…&ordine=…: the list's current filters as a CSV download, read
 * inside the campsite's transaction, which stays open until the file has been sent.
 */
export async function GET(request: Request) {
  return staffRoute({ onNoSession: 'login' }, async ({ run }) => {
    const params = parseContactListParams(Object.fromEntries(new URL(request.url).searchParams));
    return run(async (ctx) => csvDownloadResponse(exportContactsCsv(ctx, params)));
  });
}
