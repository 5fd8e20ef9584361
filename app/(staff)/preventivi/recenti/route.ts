import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff } from '@/lib/auth/staff';
import { staffRead } from '@/lib/auth/staff-read';
import { classifyError } from '@/lib/error-classification';
import { recentQuotes } from '@/lib/quotes/recent';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** GET /preventivi/recenti?dopo=<cursor>: one page of the shell's quotes drawer, as JSON (never a redirect). */
export async function GET(request: Request) {
  const { tenant } = await lookupStaff();
  if (!tenant) return Response.json({ error: 'Sessione scaduta: accedi di nuovo.' }, { status: 401, headers: NO_STORE });
  if (!hasFullPack(tenant.packLevel)) return Response.json({ error: 'Il tuo account non ha accesso ai preventivi.' }, { status: 403, headers: NO_STORE });
  const cursor = new URL(request.url).searchParams.get('dopo') ?? undefined;
  if (cursor && cursor.length > 500) return Response.json({ error: 'Posizione di pagina non valida: ricarica l’elenco.' }, { status: 400, headers: NO_STORE });
  try {
    return Response.json(await staffRead(tenant, (db) => recentQuotes(db, tenant, cursor)), { headers: NO_STORE });
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return Response.json({ error: known.message }, { status: known.status, headers: NO_STORE });
  }
}
