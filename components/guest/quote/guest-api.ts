'use client';

/** The mini-site's own calls are the legacy public API's: one contract for the site and the platform. */
export async function callGuestApi(path: string, body: Record<string, unknown>): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    const response = await fetch(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (response.ok) return { ok: true };
    const answer = (await response.json().catch(() => ({}))) as { code?: string };
    return { ok: false, code: answer.code ?? 'generic' };
  } catch {
    return { ok: false, code: 'generic' };
  }
}
