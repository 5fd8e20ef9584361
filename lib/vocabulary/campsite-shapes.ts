/** The shapes of the campsite's jsonb settings columns (db/schema/campsites.ts stores them). */
export type TagDefinition = { name: string; color: string };
export type TimeRange = { from: string; to: string };
/** The guest languages other than Italian, for the campsite's own texts a foreign guest reads. */
export type ForeignGuestLanguage = 'de' | 'en' | 'nl' | 'fr';
/**
 * `notes` is the staff's note in Italian; `notesByLanguage` the same note for foreign guests (a
 * foreign guest without one reads the English one, never the Italian: lib/campsites/guest-texts.ts).
 */
export type OpeningHours = { baseTime: string; notes: string; notesByLanguage?: Partial<Record<ForeignGuestLanguage, string>>; checkin: TimeRange[]; checkout: TimeRange[] };
export type CampsiteContacts = {
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  policyLink: string;
};
export type OccupancyStep = { threshold: number; color: string; label: string };
export type ContactFormField = { field: string; visible: boolean; required: boolean };
/** Guest-page texts the campsite overrides, by language code then text key. */
export type Localization = Record<string, Record<string, string>>;

/**
 * The campsite's automatic mails around a stay (issue 32). Off until the campsite turns them on;
 * a null template means the built-in text in the guest's language.
 */
export type StayMailSettings = {
  preArrival: { enabled: boolean; daysBefore: number; templateId: string | null; dayBefore: boolean; dayBeforeTemplateId: string | null };
  postStay: { enabled: boolean; daysAfter: number; templateId: string | null; reviewUrl: string };
};
/** After how many days a quote suggests a follow-up (issue 33). */
export type FollowUpRules = { notOpenedDays: number; notAnsweredDays: number; validityEndingDays: number };
