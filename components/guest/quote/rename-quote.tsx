'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { callGuestApi } from './guest-api';
import styles from './quote.module.css';

export type RenameTexts = { untitled: string; rename: string; renameLabel: string; save: string; error: string };
type Props = { campsiteId: string; quoteId: string; contactId: string; name: string; texts: RenameTexts };

/** The guest may give the quote a name of their own ("Estate al lago"). */
export function RenameQuote({ campsiteId, quoteId, contactId, name, texts }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // The saved name, shown while the page still carries the one it replaced: the refresh right
  // after the call may come from a cache the rename is invalidating at that moment.
  const [saved, setSaved] = useState<{ name: string; replaced: string } | null>(null);
  const shown = saved && saved.replaced === name ? saved.name : name;
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const inputId = useId();
  // Back from the field, the focus returns to the pencil rather than to the top of the page.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  if (!editing) {
    return (
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{shown || texts.untitled}</h1>
        <button ref={editButton} type="button" className={styles.iconButton} aria-label={texts.rename} title={texts.rename} onClick={() => {
            setValue(shown);
            setEditing(true);
          }}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4" />
            <path d="M13.5 6.5l4 4" />
          </svg>
        </button>
      </div>
    );
  }
  const save = () =>
    startTransition(async () => {
      const answer = await callGuestApi(`/rinominaPreventivo/${campsiteId}/${quoteId}`, { cliente: contactId, nome: value });
      if (!answer.ok) return setError(texts.error);
      setError(null);
      setSaved({ name: value, replaced: name });
      stopEditing();
      router.refresh();
    });
  return (
    <form
      className={styles.renameForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== '' && !pending) save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) {
          setValue(shown);
          setError(null);
          stopEditing();
        }
      }}
    >
      <label className={styles.field} htmlFor={inputId}>
        {texts.renameLabel}
        <input
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter saves, whatever the browser does with a one-field form; not while composing a character.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (value.trim() !== '' && !pending) save();
          }}
          maxLength={120}
          // The field replaces the button the guest just pressed: the focus follows it.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error && (
          <span id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </span>
        )}
      </label>
      <button type="submit" className={styles.button} disabled={pending || value.trim() === ''} aria-busy={pending}>
        {texts.save}
      </button>
    </form>
  );
}
