'use client';

import { useEffect } from 'react';
import { useErrorTexts } from '@/components/providers/error-texts';
import styles from '@/components/shell/status-page.module.css';

const CHUNK_FAILURE = /ChunkLoadError|Loading chunk [\w-]+ failed|CSS_CHUNK_LOAD_FAILED/;

/**
 * A failed chunk means a new deploy: reload once (spec section 2); anything else offers a retry.
 * Plain HTML: this boundary's code loads with every page, the guest's mini-site included.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useErrorTexts();
  useEffect(() => {
    if (CHUNK_FAILURE.test(`${error.name} ${error.message}`) && !sessionStorage.getItem('chunk-reloaded')) {
      sessionStorage.setItem('chunk-reloaded', '1');
      window.location.reload();
    }
  }, [error]);
  return (
    <div className={styles.page}>
      <div className={styles.content}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.text}>{t.text}</p>
        <button type="button" className={styles.button} onClick={reset}>
          {t.retry}
        </button>
      </div>
    </div>
  );
}
