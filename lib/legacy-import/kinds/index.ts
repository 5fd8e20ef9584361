import type { LegacyKind } from '../kind';
import { campaignsKind } from './campaigns';
import { contactsKind } from './contacts';
import { descriptionsKind } from './descriptions';
import { imagesKind } from './images';
import { listsKind } from './lists';
import { mailTracesKind } from './mail-traces';
import { notificationsKind } from './notifications';
import { quotesKind } from './quotes';
import { settingsKind } from './settings';
import { templatesKind } from './templates';
import { usersKind } from './users';

/** In the order they are written: whatever a record refers to comes before it. */
export const LEGACY_KINDS: readonly LegacyKind[] = [
  // Contacts, quotes and notifications name their owner, a user.
  usersKind,
  settingsKind,
  // Templates and quote cards name images.
  imagesKind,
  descriptionsKind,
  contactsKind,
  // Lists after their members' contacts, newsletters after their lists.
  listsKind,
  campaignsKind,
  templatesKind,
  quotesKind,
  // Traces and notifications name contacts and quotes: after both.
  mailTracesKind,
  notificationsKind,
];
