import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { isValidRevalidation, spendRevalidation } from '@/lib/cache/remote-invalidation';
import { isCacheTag } from '@/lib/cache/tags';
import { runSystemWork } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { readBodyText } from '@/lib/http/body-limit';
import { toErrorResponse } from '@/lib/http/error-response';

const MAX_BODY_BYTES = 64 * 1024;
const bodySchema = z.object({ tags: z.array(z.string().refine(isCacheTag)).min(1).max(200) });

const error = (status: number, message: string) => Response.json({ error: message }, { status });

/** Drops cached guest views for a job that ran outside a request (lib/cache/remote-invalidation.ts). */
export async function POST(request: Request) {
  const secret = env().AUTH_SECRET;
  let body: string;
  try {
    body = await readBodyText(request, MAX_BODY_BYTES);
  } catch (failure) {
    return toErrorResponse(failure);
  }
  if (!secret || !isValidRevalidation(secret, request.headers, body)) return error(401, 'Firma non valida.');
  let parsed;
  try {
    parsed = bodySchema.safeParse(JSON.parse(body));
  } catch {
    return error(400, 'JSON non valido.');
  }
  if (!parsed.success) return error(400, 'Elenco di tag non valido.');
  // A captured call replayed within its five minutes would drop the cache again and again.
  if (!(await runSystemWork('revalidation replay guard', ({ db }) => spendRevalidation(db, request.headers)))) return error(401, 'Firma già usata.');
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ invalidati: parsed.data.tags.length });
}
