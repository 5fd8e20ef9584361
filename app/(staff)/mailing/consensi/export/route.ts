import { staffRoute } from '@/lib/context/staff';
import { consentCsvResponse, exportConsentsCsv } from '@/lib/newsletter/consent-log';
import { consentLogParamsSchema } from '@/lib/newsletter/consent-validation';

/** GET /mailing/consensi/export?email=…: the campsite's consent log (the page's filter) as a CSV download. */
export async function GET(request: Request) {
  return staffRoute({ onNoSession: 'login' }, async ({ run }) => {
    const params = consentLogParamsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return run(async (ctx) => consentCsvResponse(exportConsentsCsv(ctx, { email: params.email })));
  });
}
