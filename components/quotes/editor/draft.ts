import { blankCardInput } from '@/lib/quotes/cards';
import type { CardInput } from '@/lib/quotes/validation';

/** A card while it is being edited: the input plus a key that stays the same across re-orderings. */
export type DraftCard = CardInput & { key: string };

export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function emptyCard(personTypeIds: string[], discountOnlyOnUnit: boolean): DraftCard {
  const people = personTypeIds.map((personTypeId, index) => ({ personTypeId, count: index === 0 ? 2 : 0 }));
  return { ...blankCardInput({ people, discountOnlyOnUnit }), key: newKey() };
}

/** A copy is a new card: it gets no id, so saving creates it instead of moving the original. */
export function duplicateCard(card: DraftCard): DraftCard {
  return { ...structuredClone(card), id: undefined, key: newKey() };
}

export function toInput({ key: _key, ...card }: DraftCard): CardInput {
  return card;
}
