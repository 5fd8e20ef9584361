import { requestHost } from '@/lib/auth/client-info';
import { staffRoute } from '@/lib/context/staff';
import { toErrorResponse } from '@/lib/http/error-response';
import { AppError } from '@/lib/errors';
import { MULTIPART_OVERHEAD, readBodyForm } from '@/lib/http/body-limit';
import { MAX_UPLOAD_BYTES } from '@/lib/images/encode';
import { uploadImage } from '@/lib/images/service';

/**
 * A cookie-authenticated POST: one sent by another site's page (or an opaque origin) is refused.
 * The host is X-Forwarded-Host only behind our own proxy (TRUST_PROXY=1).
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const { host } = requestHost(request.headers, 'https');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The staff's upload, one file per request: a route handler rather than a server action so
 * that the browser reports upload progress (XMLHttpRequest) and the 15 MB cap is ours, not the
 * action body limit. The session cookie identifies the campsite; any staff level may upload.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    if (!sameOrigin(request)) throw new AppError('forbidden', 'Richiesta da un’origine non ammessa.');
    return await staffRoute({ packLevel: 0 }, async ({ run }) => {
      // Read before the campsite's transaction opens: a slow upload holds no connection.
      // Refused by Content-Length at once, else counted while read: 413 past the file limit.
      const form = await readBodyForm(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, 'Il file supera il limite di 15 MB.').catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('bad_request', 'Invio non valido: scegli di nuovo il file.');
      });
      const file = form.get('file');
      if (!(file instanceof File)) throw new AppError('bad_request', 'Nessun file ricevuto.');
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : null;
      };
      const bytes = new Uint8Array(await file.arrayBuffer());
      const image = await run((ctx) =>
        uploadImage(ctx, { bytes, fileName: file.name, typologyId: text('typologyId'), category: text('category'), alt: text('alt') ?? '' }),
      );
      return Response.json(image, { headers: { 'Cache-Control': 'no-store' } });
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
