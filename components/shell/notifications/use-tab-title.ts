'use client';

import { useEffect } from 'react';
import { tabTitle } from '@/lib/notifications/tab-title';

/**
 * Keeps the tab's title prefixed with the live counts (lib/notifications/tab-title). The server
 * already sends the prefix with the page; Next.js rewrites the title on every navigation, so a
 * watcher applies it again: tabTitle replaces whatever prefix is there, never adds a second.
 */
export function useTabTitle(unread: number, outstanding: number) {
  useEffect(() => {
    const apply = () => {
      const next = tabTitle(document.title, unread, outstanding);
      if (document.title !== next) document.title = next;
    };
    apply();
    // The <title> may be streamed into the head or the body: watch the whole document, compare cheaply.
    const observer = new MutationObserver(apply);
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [unread, outstanding]);
}
