'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { ImageItem } from './types';
import { uploadFile, type UploadFields } from './upload-file';

export type UploadEntry = { key: string; name: string; progress: number; status: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string };

/**
 * Uploads chosen files one after the other (the server re-encodes each: in parallel they would
 * only compete for the CPU), keeping per-file progress and the server's Italian refusal.
 */
export function useUploads(onUploaded: (image: ImageItem) => void) {
  const t = useTranslations('images.upload');
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const counter = useRef(0);

  const update = (key: string, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const start = useCallback(
    async (files: File[], fields: UploadFields) => {
      if (files.length === 0) return;
      const queued = files.map((file) => ({ file, key: `u${counter.current++}` }));
      setEntries((current) => [...current, ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, status: 'waiting' as const }))]);
      setBusy(true);
      for (const { file, key } of queued) {
        update(key, { status: 'uploading' });
        const outcome = await uploadFile(file, fields, (fraction) => update(key, { progress: Math.round(fraction * 100) }));
        if (outcome.ok) {
          update(key, { status: 'done', progress: 100 });
          onUploaded(outcome.image);
        } else {
          update(key, { status: 'failed', error: outcome.error === null ? t('networkError') : outcome.error || t('unexpected') });
        }
      }
      setBusy(false);
    },
    [onUploaded, t],
  );

  const clear = useCallback(() => setEntries((current) => current.filter((entry) => entry.status === 'waiting' || entry.status === 'uploading')), []);

  return { entries, busy, start, clear };
}
