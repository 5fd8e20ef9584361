/** The shapes of the campsite's jsonb settings columns (db/schema/campsites.ts stores them). */
export type TagDefinition = { name: string; color: string };
export type TimeRange = { from: string; to: string };
export type OpeningHours = { baseTime: string; notes: string; checkin: TimeRange[]; checkout: TimeRange[] };
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
