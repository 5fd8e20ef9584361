import type { LegacyKind } from '../kind';
import { contactsKind } from './contacts';
import { quotesKind } from './quotes';

/** In the order they are written: whatever a record refers to comes before it. */
export const LEGACY_KINDS: readonly LegacyKind[] = [contactsKind, quotesKind];
