import { processReadiness, readinessResponse } from '@/lib/health/readiness';

export const dynamic = 'force-dynamic';

/** Ready: the balancer sends traffic only while this answers 200 (docs/deploy.md, «Controllo di salute»). */
export async function GET() {
  return readinessResponse(await processReadiness());
}
