import { appVersion } from '@/lib/version';

/** GET /api/health: the process answers. No I/O, so it never says more than that. */
export function liveness(): { status: 'ok'; version: string; uptimeSeconds: number } {
  return { status: 'ok', version: appVersion().label, uptimeSeconds: Math.round(process.uptime()) };
}
