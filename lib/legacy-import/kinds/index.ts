import type { LegacyKind } from '../kind';
import { campaignsKind } from './campaigns';
import { contactsKind } from './contacts';
import { descriptionsKind } from './descriptions';
import { imagesKind } from './images';
import { listsKind } from './lists';
import { mailTracesKind } from './mail-traces';
import { notificationsKind } from './notifications';

/** In the order they are written: whatever a record refers to comes before it. */
export const LEGACY_KINDS: readonly LegacyKind[] = [
  contactsKind,
  // Lists after their members' contacts, newsletters after their lists.
  listsKind,
  campaignsKind,
  imagesKind,
  descriptionsKind,
  // Traces and notifications name contacts and quotes: after both.
  mailTracesKind,
  notificationsKind,
];
