import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns';
import { languages } from './reference';

// The jsonb columns' shapes live in lib/, where the components that render them may import them.
export type { CampsiteContacts, ContactFormField, FollowUpRules, Localization, StayMailSettings, OccupancyStep, OpeningHours, TagDefinition, TimeRange } from '../../lib/vocabulary/campsite-shapes';
import type { CampsiteContacts, ContactFormField, FollowUpRules, Localization, OccupancyStep, OpeningHours, StayMailSettings, TagDefinition } from '../../lib/vocabulary/campsite-shapes';

export const campsites = pgTable('campsites', {
  id: id(),
  name: text('name').notNull(),
  lucee: boolean('lucee').notNull().default(false),
  /** The campsite's id on the booking platform (the `camp` of its calls). */
  platformCampId: text('platform_camp_id'),
  urlToCv: text('url_to_cv'),
  mailjetApiKey: text('mailjet_api_key'),
  mailjetSecret: text('mailjet_secret'),
  monthlyEmailSent: integer('monthly_email_sent').notNull().default(0),
  /** The calendar month (Europe/Rome, 'YYYY-MM') that monthlyEmailSent counts; another month starts from 0. */
  monthlyEmailMonth: text('monthly_email_month'),
  discountOnlyOnUnit: boolean('discount_only_on_unit').notNull().default(false),
  reminderDays: integer('reminder_days').notNull().default(3),
  personalizedTags: jsonb('personalized_tags').$type<TagDefinition[]>().notNull().default([]),
  personalizedQuoteTags: jsonb('personalized_quote_tags').$type<TagDefinition[]>().notNull().default([]),
  openingHours: jsonb('opening_hours').$type<OpeningHours>(),
  contacts: jsonb('contacts').$type<CampsiteContacts>(),
  occupancyScale: jsonb('occupancy_scale').$type<OccupancyStep[]>(),
  contactFormFields: jsonb('contact_form_fields').$type<ContactFormField[]>(),
  localization: jsonb('localization').$type<Localization>().notNull().default({}),
  /** Null: the defaults in lib/stays (all off). */
  stayMails: jsonb('stay_mails').$type<StayMailSettings>(),
  /** Null: the defaults in lib/follow-ups. */
  followUpRules: jsonb('follow_up_rules').$type<FollowUpRules>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/** The tenant key every tenant table carries; deleting a campsite deletes its data. */
export const campingId = () =>
  text('camping_id')
    .notNull()
    .references(() => campsites.id, { onDelete: 'cascade' });

/** Languages the campsite offers to guests, in the order it shows them. */
export const campsiteLanguages = pgTable(
  'campsite_languages',
  {
    campingId: campingId(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    phonePrefix: text('phone_prefix').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.languageId] }), index('campsite_languages_camping_idx').on(t.campingId)],
);

/** Free-form option groups (e.g. 'emailInvioPreventivi' for quote-sending settings). */
export const configurations = pgTable(
  'configurations',
  {
    id: id(),
    campingId: campingId(),
    group: text('group').notNull(),
    option: jsonb('option').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('configurations_camping_group_idx').on(t.campingId, t.group)],
);
