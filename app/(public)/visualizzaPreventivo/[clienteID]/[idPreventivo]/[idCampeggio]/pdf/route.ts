import { headers } from 'next/headers';
import { clientInfo } from '@/lib/auth/client-info';
import { runGuestWork, runSystemWork } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { importedLinkIds } from '@/lib/legacy-import/old-links';
import { publicOrigin } from '@/lib/mail/origin';
import { guestIdsOf, type GuestQuoteParams } from '@/lib/public-quotes/page';
import { drawQuotePdf, loadQuotePdf } from '@/lib/public-quotes/pdf/render';
import { pdfDownload, pdfNotFound } from '@/lib/public-quotes/pdf/response';
import { limiter, secondsLeft } from '@/lib/rate-limit/limiter';
import { withMissGuard } from '@/lib/rate-limit/misses';

type Context = { params: Promise<GuestQuoteParams> };

/**
 * Drawing a PDF costs the server far more than a page: a family downloads a few, a loop does not
 * get to keep one core busy. Counted per address, shared by every instance (lib/rate-limit).
 */
const PDF_RENDERS_PER_ADDRESS = { points: 30, durationSeconds: 10 * 60 };
const rendersPerAddress = limiter('quote-pdf:address', PDF_RENDERS_PER_ADDRESS);

const tooLong = (params: GuestQuoteParams) => [params.clienteID, params.idPreventivo, params.idCampeggio].some((id) => id.length > 100);

/**
 * GET …/pdf: the quote as a PDF in the guest's language. Reads only (it does not mark the quote
 * read); 404 unless the three ids belong together, and a caller that keeps missing is slowed
 * down like on the guest's other calls (withMissGuard).
 */
export async function GET(_request: Request, { params }: Context) {
  const resolved = await params;
  if (tooLong(resolved)) return pdfNotFound();
  const { ip } = clientInfo(await headers());
  const origin = await publicOrigin();
  const ids = guestIdsOf(resolved);
  try {
    // The limits count on the owner's handle; the quote is read walled to the link's campsite.
    return await runSystemWork('guest rate limits', async ({ db }) => {
      if (ip) {
        const allowed = await rendersPerAddress.consume(db, ip);
        if (!allowed.allowed) return new Response('Too many requests', { status: 429, headers: { 'Retry-After': String(secondsLeft(allowed)), 'Cache-Control': 'no-store' } });
      }
      const pdf = await withMissGuard(db, ip, async () => {
        const data = await runGuestWork(ids.campsiteId, (ctx) => loadQuotePdf(ctx, ids));
        if (!data) throw new AppError('not_found', 'Preventivo non trovato.');
        return drawQuotePdf(data, { origin });
      });
      return pdfDownload(pdf);
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') {
      // An old CRM's link whose ids an import renamed: on to the same document here.
      const found = await importedLinkIds({ campeggio: ids.campsiteId, contatti: ids.contactId, preventivi: ids.quoteId });
      if (found) return Response.redirect(new URL(`/visualizzaPreventivo/${[found.contatti, found.preventivi, found.campeggio].map((id) => encodeURIComponent(id ?? '')).join('/')}/pdf`, origin), 308);
      return pdfNotFound();
    }
    if (error instanceof AppError && error.kind === 'rate_limited') return new Response('Too many requests', { status: 429, headers: { 'Retry-After': '600' } });
    throw error;
  }
}
