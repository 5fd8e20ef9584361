import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { isValidRevalidation } from '@/lib/cache/remote-invalidation';
import { isCacheTag } from '@/lib/cache/tags';
import { env } from '@/lib/env';

const MAX_BODY_BYTES = 64 * 1024;
const bodySchema = z.object({ tags: z.array(z.string().refine(isCacheTag)).min(1).max(200) });

const error = (status: number, message: string) => Response.json({ error: message }, { status });

/** Drops cached guest views for a job that ran outside a request (lib/cache/remote-invalidation.ts). */
export async function POST(request: Request) {
  const secret = env().AUTH_SECRET;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return error(413, 'Richiesta troppo grande.');
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return error(413, 'Richiesta troppo grande.');
  if (!secret || !isValidRevalidation(secret, request.headers, body)) return error(401, 'Firma non valida.');
  let parsed;
  try {
    parsed = bodySchema.safeParse(JSON.parse(body));
  } catch {
    return error(400, 'JSON non valido.');
  }
  if (!parsed.success) return error(400, 'Elenco di tag non valido.');
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ invalidati: parsed.data.tags.length });
}
