'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type ErrorTexts = { title: string; text: string; retry: string };

const Texts = createContext<ErrorTexts | null>(null);

/**
 * The root error page's three texts. A context of its own rather than next-intl's client
 * provider: the root layout wraps every page, the guest's mini-site included, whose first load
 * must not carry a translation library it does not use.
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <Texts value={texts}>{children}</Texts>;
}

/** The texts the root layout provides (messages' errorPage); app/error.tsx always renders inside it. */
export function useErrorTexts(): ErrorTexts {
  const texts = useContext(Texts);
  if (!texts) throw new Error('ErrorTextsProvider mancante: la pagina di errore sta fuori dal layout radice.');
  return texts;
}
