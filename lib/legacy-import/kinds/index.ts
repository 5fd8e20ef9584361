import type { LegacyKind } from '../kind';
import { contactsKind } from './contacts';
import { settingsKind } from './settings';
import { templatesKind } from './templates';
import { usersKind } from './users';

/**
 * In the order they are written: whatever a record refers to comes before it (contacts and quotes
 * name their owner, a user). Templates name images: 'immagini' goes before 'template'.
 */
export const LEGACY_KINDS: readonly LegacyKind[] = [usersKind, settingsKind, contactsKind, templatesKind];
