'use client';

import { useEffect } from 'react';
import { plainTitle, tabTitle } from '@/lib/notifications/tab-title';

/**
 * Keeps the tab's title prefixed with the live counts (lib/notifications/tab-title). The server
 * already sends the prefix with the page; Next.js rewrites the title on every navigation, so a
 * watcher applies it again: tabTitle replaces whatever prefix is there, never adds a second.
 */
export function useTabTitle(unread: number, outstanding: number) {
  useEffect(() => {
    const apply = () => {
      // No page title yet (Next.js streams it in after the first paint): writing one now would
      // create a <title> of our own, holding only the counts, ahead of the page's. Wait for it.
      if (!plainTitle(document.title).trim()) return;
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
