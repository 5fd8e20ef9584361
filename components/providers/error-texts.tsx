'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type ErrorTexts = { title: string; text: string; retry: string };

// Used only if the root layout failed before providing its texts.
const FALLBACK: ErrorTexts = { title: 'Qualcosa è andato storto', text: 'Non siamo riusciti a caricare la pagina. Riprova; se il problema continua, scrivi all’assistenza.', retry: 'Riprova' };

const Texts = createContext<ErrorTexts>(FALLBACK);

/**
 * The root error page's three texts. A context of its own rather than next-intl's client
 * provider: the root layout wraps every page, the guest's mini-site included, whose first load
 * must not carry a translation library it does not use.
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <Texts value={texts}>{children}</Texts>;
}

export const useErrorTexts = () => useContext(Texts);
