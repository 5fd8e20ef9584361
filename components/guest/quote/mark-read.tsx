'use client';

import { useEffect } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { STAFF_PREVIEW_HASH } from '@/lib/vocabulary/quote-links';
import type { GuestQuoteIds } from '@/lib/public-quotes/view';
import styles from './quote.module.css';

const isStaffPreview = () => window.location.hash === STAFF_PREVIEW_HASH;

/**
 * The page is served from the cache, so the read mark is the browser's call (the legacy
 * visualizzato), made on every first view; the server moves a quote to 'letto' only once.
 * The staff's look (opened from the quote's page, with the preview marker) is not a reading.
 */
export function MarkRead({ ids, awaiting, staffPreviewText }: { ids: GuestQuoteIds; awaiting: boolean; staffPreviewText: string }) {
  // The hash never reaches the server: false there and while hydrating.
  const staffPreview = useBrowserValue(isStaffPreview, () => false);
  useEffect(() => {
    if (isStaffPreview() || !awaiting) return;
    const key = `letto:${ids.quoteId}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void fetch(`/api/visualizzato/${ids.campsiteId}/${ids.quoteId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cliente: ids.contactId }),
      keepalive: true,
    });
  }, [awaiting, ids.campsiteId, ids.quoteId, ids.contactId]);
  return staffPreview ? (
    <div className={styles.staffPreview} role="note" data-testid="staff-preview">
      {staffPreviewText}
    </div>
  ) : null;
}
