import { GUEST_LOCALES } from '@/lib/i18n/locales';
import type { CampsiteContacts, OccupancyStep, OpeningHours } from '@/db/schema';

/** What a campsite that never saved its hours shows (issue 9). */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  baseTime: '09:00',
  checkin: [{ from: '10:00', to: '13:30' }],
  checkout: [{ from: '16:00', to: '19:30' }],
  notes: '',
};

/** The stored hours completed with the defaults (a campsite that never saved them has none). */
export const openingHoursOf = (stored: Partial<OpeningHours> | null | undefined): OpeningHours => ({ ...DEFAULT_OPENING_HOURS, ...(stored ?? {}) });

export const EMPTY_CONTACTS: CampsiteContacts = { phone: '', whatsapp: '', email: '', address: '', policyLink: '' };

/** Spec section 9: thresholds in percent, from not available to available. */
export const DEFAULT_OCCUPANCY_SCALE: OccupancyStep[] = [
  { threshold: 0, color: 'red', label: 'Non disponibile' },
  { threshold: 33, color: 'orange', label: 'Ultime disponibilità' },
  { threshold: 66, color: 'yellow', label: 'Poca disponibilità' },
  { threshold: 100, color: 'green', label: 'Disponibile' },
];


/** The guest-page languages whose texts a campsite may override: every one a guest may read. */
export const LOCALIZATION_LOCALES = GUEST_LOCALES;
