import { staffRoute } from '@/lib/context/staff';
import { recentQuotes } from '@/lib/quotes/recent';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** GET /preventivi/recenti?dopo=<cursor>: one page of the shell's quotes drawer, as JSON (never a redirect). */
export async function GET(request: Request) {
  return staffRoute({ forbidden: 'Il tuo account non ha accesso ai preventivi.' }, async ({ run }) => {
    const cursor = new URL(request.url).searchParams.get('dopo') ?? undefined;
    if (cursor && cursor.length > 500) return Response.json({ error: 'Posizione di pagina non valida: ricarica l’elenco.' }, { status: 400, headers: NO_STORE });
    return Response.json(await run((ctx) => recentQuotes(ctx, cursor)), { headers: NO_STORE });
  });
}
