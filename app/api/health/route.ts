import { liveness } from '@/lib/health/health';

// Answered per request, never prerendered: the uptime is the process's own.
export const dynamic = 'force-dynamic';

/** Alive: for a supervisor that restarts a process that stopped answering (docs/deploy.md). */
export function GET() {
  return Response.json(liveness(), { headers: { 'cache-control': 'no-store' } });
}
