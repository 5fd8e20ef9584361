import type { LegacyKind } from '../kind';
import { contactsKind } from './contacts';
import { quotesKind } from './quotes';
import { settingsKind } from './settings';
import { templatesKind } from './templates';
import { usersKind } from './users';

/**
 * In the order they are written: whatever a record refers to comes before it (contacts and quotes
 * name their owner, a user; quotes their contact). Templates and quotes name images: 'immagini'
 * goes before them.
 */
export const LEGACY_KINDS: readonly LegacyKind[] = [usersKind, settingsKind, contactsKind, templatesKind, quotesKind];
