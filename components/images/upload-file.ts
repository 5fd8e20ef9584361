import type { ImageItem } from './types';

export type UploadFields = { typologyId?: string | null; category?: string | null };
export type UploadOutcome = { ok: true; image: ImageItem } | { ok: false; error: string | null };

/**
 * One file to the staff upload route. XMLHttpRequest, not fetch: only it reports upload
 * progress. A null error means the network failed (the caller shows its own message).
 */
export function uploadFile(file: File, fields: UploadFields, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file);
    if (fields.typologyId) form.append('typologyId', fields.typologyId);
    if (fields.category) form.append('category', fields.category);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/image-upload');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (ImageItem & { error?: string }) | null;
      if (request.status >= 200 && request.status < 300 && body?.id) resolve({ ok: true, image: body });
      else resolve({ ok: false, error: typeof body?.error === 'string' ? body.error : '' });
    };
    request.onerror = () => resolve({ ok: false, error: null });
    request.send(form);
  });
}
