import { pageIndexSchema } from '@/lib/notifications/service';
import { bellResponse } from './guard';
import { loadBellData } from './load';

/** GET /notifiche?pagina=N: one page of the panel (0-based) with fresh counts; asked only when the stamp moved or the user pages. */
export async function GET(request: Request) {
  const parsed = pageIndexSchema.safeParse(new URL(request.url).searchParams.get('pagina') ?? 0);
  const index = parsed.success ? parsed.data : 0;
  return bellResponse((ctx) => loadBellData(ctx, index));
}
