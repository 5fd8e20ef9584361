import type { ContactFormField, OccupancyStep, OpeningHours } from '@/db/schema';

/** What a new campsite starts with (issue 9); its admin changes each of them in the settings tabs. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  baseTime: '09:00',
  checkin: [{ from: '10:00', to: '13:30' }],
  checkout: [{ from: '16:00', to: '19:30' }],
  notes: '',
};

export const DEFAULT_OCCUPANCY_SCALE: OccupancyStep[] = [
  { threshold: 0, color: 'red', label: 'Non disponibile' },
  { threshold: 33, color: 'orange', label: 'Ultime disponibilità' },
  { threshold: 66, color: 'yellow', label: 'Poca disponibilità' },
  { threshold: 100, color: 'green', label: 'Disponibile' },
];

const field = (name: string, required: boolean): ContactFormField => ({ field: name, visible: true, required });

export const DEFAULT_CONTACT_FORM_FIELDS: ContactFormField[] = [
  field('nome', true),
  field('cognome', true),
  field('email', true),
  field('telefono', false),
  field('nazione', false),
  field('lingua', true),
  field('arrivo', true),
  field('partenza', true),
  field('tipologia', false),
  field('adulti', true),
  field('bambini', false),
  field('messaggio', false),
  field('privacy', true),
];

/** Italian +39, English +44, Ukrainian +380 (language ids of db/seed/reference). */
export const DEFAULT_LANGUAGES = [
  { languageId: 1, phonePrefix: '+39' },
  { languageId: 2, phonePrefix: '+44' },
  { languageId: 7, phonePrefix: '+380' },
];
