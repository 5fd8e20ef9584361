import { getDb } from '@/db/client';
import { requireStaff } from '@/lib/auth/staff';
import { consentCsvResponse, exportConsentsCsv } from '@/lib/newsletter/consent-log';
import { consentLogParamsSchema } from '@/lib/newsletter/consent-validation';

/** GET /mailing/consensi/export?email=…: the campsite's consent log (the page's filter) as a CSV download. */
export async function GET(request: Request) {
  const tenant = await requireStaff({ packLevel: 10 });
  const params = consentLogParamsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return consentCsvResponse(exportConsentsCsv(getDb(), { campsiteId: tenant.campsiteId, email: params.email }));
}
