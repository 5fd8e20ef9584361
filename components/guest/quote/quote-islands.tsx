'use client';

import { createContext, use, type ReactNode } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { GuestQuoteIds } from '@/lib/public-quotes/view';
import type { AcceptTexts } from './accept-offer';
import type { AskTexts } from './ask-question';

/**
 * What every island of the page shares: the ids, the language and the translated texts. Given
 * once here rather than to each offer's buttons, since the page's inlined React payload carries
 * every prop of a client component once per use.
 */
export type QuoteIslands = {
  ids: GuestQuoteIds;
  locale: GuestLocale;
  validUntil: string | null;
  /** The questions the page already shows: a question sent from an island is shown by it until the page has it. */
  shownIds: string[];
  accept: AcceptTexts;
  ask: AskTexts;
};

const IslandsContext = createContext<QuoteIslands | null>(null);

export function QuoteIslandsProvider({ value, children }: { value: QuoteIslands; children: ReactNode }) {
  return <IslandsContext value={value}>{children}</IslandsContext>;
}

export function useQuoteIslands(): QuoteIslands {
  const islands = use(IslandsContext);
  if (!islands) throw new Error('Le isole del preventivo vanno rese dentro QuoteIslandsProvider.');
  return islands;
}
