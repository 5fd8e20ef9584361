import type { QuotePdf } from './render';

/**
 * The PDF as a download. `private, no-cache`: the guest's browser may keep it but asks again, since
 * an acceptance or a new price changes the document; no shared cache ever holds a guest's quote.
 */
export function pdfDownload(pdf: QuotePdf): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.length),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

export const pdfNotFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
