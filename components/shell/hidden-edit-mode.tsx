'use client';

import { Alert, Portal } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';

const ESCAPES_TO_LEAVE = 3;
const ESCAPE_WINDOW_MS = 1500;

/** EDIT_MODE_SHORTCUT: long enough that nobody presses it by chance (documented on /aiuto). */
const isStartChord = (event: KeyboardEvent) => event.ctrlKey && event.altKey && event.shiftKey && event.code === 'KeyM';

/**
 * The hidden editing mode of spec section 2: the page body becomes editable (to try a wording
 * or prepare a screenshot), three Escapes in a row end it. Nothing typed is saved anywhere:
 * the next navigation shows the page as it is.
 */
export function HiddenEditMode() {
  const t = useTranslations('editMode');
  const [active, setActive] = useState(false);
  const escapes = useRef<number[]>([]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!active && isStartChord(event)) {
        event.preventDefault();
        escapes.current = [];
        setActive(true);
        return;
      }
      if (!active || event.key !== 'Escape') return;
      const now = Date.now();
      escapes.current = [...escapes.current.filter((at) => now - at < ESCAPE_WINDOW_MS), now];
      if (escapes.current.length >= ESCAPES_TO_LEAVE) setActive(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active]);

  useEffect(() => {
    if (!active) return;
    document.body.contentEditable = 'true';
    document.body.dataset.editMode = 'on';
    return () => {
      document.body.contentEditable = 'inherit';
      delete document.body.dataset.editMode;
    };
  }, [active]);

  if (!active) return null;
  return (
    <Portal>
      <Alert
        role="status"
        color="orange"
        variant="filled"
        title={t('title')}
        contentEditable={false}
        data-testid="edit-mode-banner"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000, maxWidth: 'calc(100vw - 32px)' }}
      >
        {t('text')}
      </Alert>
    </Portal>
  );
}
