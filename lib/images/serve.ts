/**
 * The answer of GET /api/getImage/{id}. An id always names the same bytes (an edit changes only
 * links and alt text), so browsers and mail proxies may keep it for a year. nosniff and a CSP
 * that allows nothing make sure the bytes are only ever shown as a picture, never run as a page.
 */
export function imageResponse(image: { data: Buffer; mimeType: string }): Response {
  return new Response(new Uint8Array(image.data), {
    headers: {
      'Content-Type': image.mimeType,
      'Content-Length': String(image.data.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Disposition': 'inline',
    },
  });
}
