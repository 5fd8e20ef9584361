import { AppError } from '@/lib/errors';

/** A JSON call's body: the largest legitimate one (a template, a quote) is far below. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The room a multipart envelope (boundaries, part headers, small text fields) takes besides the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** A file's byte limit as a request body: in base64 inside JSON, or in a multipart envelope. */
export function uploadBodyLimit(fileBytes: number): number {
  return Math.ceil((fileBytes * 4) / 3) + MULTIPART_OVERHEAD;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace('.', ',');
}

/** 413; `message` for a caller that knows better what was too large (a file, say). */
export function bodyTooLarge(limit: number, message?: string): AppError {
  return new AppError('too_large', message ?? `Il corpo della richiesta supera il limite di ${megabytes(limit)} MB.`);
}

/** Refuses at once a body whose declared Content-Length is over the limit. */
export function checkContentLength(request: Request, limit: number, message?: string): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw bodyTooLarge(limit, message);
}

/**
 * The body's bytes, at most `limit` of them: over a declared Content-Length at once, else (a
 * chunked body declares none) counted while read, the stream cancelled at the first byte past.
 */
export async function readBodyBytes(request: Request, limit: number, message?: string): Promise<Uint8Array> {
  checkContentLength(request, limit, message);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(limit, message);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit));
}

/** A multipart/form-data (or urlencoded) body within the limit, parsed as `request.formData()` would. */
export async function readBodyForm(request: Request, limit: number, message?: string): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit, message);
  const type = request.headers.get('content-type') ?? '';
  return new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
}

/**
 * The same request with its body read within the limit, for a handler that reads the body
 * itself (Auth.js): refused like readBodyBytes, else handed on as a buffered copy.
 */
export async function withinBodyLimit(request: Request, limit: number): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const bytes = await readBodyBytes(request, limit);
  // Built from its parts: `new Request(request, …)` reads the private fields of Next's own
  // request class, which the platform's Request cannot (a 500 on every sign-in POST).
  return new Request(request.url, { method: request.method, headers: request.headers, body: bytes as BodyInit });
}
