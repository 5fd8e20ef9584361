'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { listImagesAction } from '@/app/(staff)/imageManager/actions';
import type { ImageItem } from './types';

/** The campsite's pictures, a page at a time (keyset cursor), for a given typology filter. */
export function useImagePages(typologyId: string | null, enabled = true) {
  const [items, setItems] = useState<ImageItem[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A slow answer for an old filter must not overwrite the list of the new one.
  const generation = useRef(0);
  // Uploads and deletions made while a page was on its way: the answer may predate them.
  const added = useRef(new Map<string, ImageItem>());
  const removed = useRef(new Set<string>());

  const fetchPage = useCallback(
    async (cursor: string | null, replace: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      setError(null);
      const result = await listImagesAction({ cursor, typologyId, limit: 24 });
      if (mine !== generation.current) return;
      setLoading(false);
      setLoaded(true);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      const fresh = result.data.items.filter((item) => !removed.current.has(item.id));
      setItems((current) => {
        const base = replace ? [...added.current.values()] : current;
        const known = new Set(base.map((item) => item.id));
        return [...base, ...fresh.filter((item) => !known.has(item.id))];
      });
      setNextCursor(result.data.nextCursor);
    },
    [typologyId],
  );

  useEffect(() => {
    if (!enabled) return;
    added.current.clear();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new filter empties the list as its first page is requested (both in this effect)
    setItems([]);
    setNextCursor(null);
    setLoaded(false);
    void fetchPage(null, true);
  }, [enabled, fetchPage]);

  const loadMore = useCallback(() => {
    if (nextCursor && !loading) void fetchPage(nextCursor, false);
  }, [fetchPage, loading, nextCursor]);

  const prepend = useCallback(
    (image: ImageItem) => {
      if (typologyId && image.typologyId !== typologyId) return;
      added.current.set(image.id, image);
      setItems((current) => [image, ...current.filter((item) => item.id !== image.id)]);
    },
    [typologyId],
  );
  const remove = useCallback((id: string) => {
    added.current.delete(id);
    removed.current.add(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);
  const replace = useCallback(
    (image: ImageItem) =>
      setItems((current) => (typologyId && image.typologyId !== typologyId ? current.filter((item) => item.id !== image.id) : current.map((item) => (item.id === image.id ? image : item)))),
    [typologyId],
  );

  return { items, nextCursor, loading, loaded, error, loadMore, prepend, remove, replace };
}
