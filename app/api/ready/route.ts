import { processReadiness } from '@/lib/ops/readiness';

export const dynamic = 'force-dynamic';

/** Ready: the balancer sends traffic only while this answers 200 (docs/deploy.md, «Controllo di salute»). */
export async function GET() {
  const readiness = await processReadiness();
  return Response.json(readiness, { status: readiness.status === 'ready' ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
