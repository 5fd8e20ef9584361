'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

/**
 * '(n) title' while something is unread, with a warning sign while requests or acceptances wait
 * (spec section 2). Next.js rewrites the title on every navigation, so a watcher puts the prefix
 * back on each new title, and the plain title returns when nothing is unread.
 */
export function useTabTitle(unread: number, outstanding: number) {
  const t = useTranslations('bell');
  useEffect(() => {
    let base = document.title;
    let applied = base;
    const apply = () => {
      if (document.title !== applied) base = document.title;
      applied = unread > 0 ? t('tabTitle', { count: unread, warning: outstanding > 0 ? 'yes' : 'no', title: base }) : base;
      if (document.title !== applied) document.title = applied;
    };
    apply();
    // The <title> may be streamed into the head or the body: watch the whole document, compare cheaply.
    const observer = new MutationObserver(() => {
      if (document.title !== applied) apply();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (document.title === applied) document.title = base;
    };
  }, [unread, outstanding, t]);
}
