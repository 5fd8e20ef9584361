import type { campsites } from '@/db/schema';
import type { AuditAction } from './actions';

/**
 * How the log shows a value: every kind has a formatter in ./describe.ts that turns the stored
 * value into Italian (no JSON, no code keys such as `selected`).
 */
export type AuditFormat =
  | 'text'
  | 'yesNo'
  | 'number'
  | 'secret'
  | 'html'
  | 'list'
  | 'audience'
  | 'tags'
  | 'openingHours'
  | 'campsiteContacts'
  | 'occupancy'
  | 'formFields'
  | 'localization'
  | 'labelNames'
  | 'configOption'
  | 'stayMails'
  | 'followUpRules';

/** Every campsite column a settings patch may change (saveCampsitePatch audits any of them). */
type CampsiteColumn = Exclude<keyof typeof campsites.$inferSelect, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

const campsiteFields = {
  name: 'text',
  lucee: 'yesNo',
  platformCampId: 'text',
  urlToCv: 'text',
  mailjetApiKey: 'secret',
  mailjetSecret: 'secret',
  monthlyEmailSent: 'number',
  monthlyEmailMonth: 'text',
  discountOnlyOnUnit: 'yesNo',
  reminderDays: 'number',
  personalizedTags: 'tags',
  personalizedQuoteTags: 'tags',
  openingHours: 'openingHours',
  contacts: 'campsiteContacts',
  occupancyScale: 'occupancy',
  contactFormFields: 'formFields',
  localization: 'localization',
  stayMails: 'stayMails',
  followUpRules: 'followUpRules',
} as const satisfies Record<CampsiteColumn, AuditFormat>;

/**
 * The registry: per audited entity, every field name an entry may hold and how its value reads.
 * Labels live in messages/it/audit.json under `fields.<entity>.<field>`; a unit test fails when
 * one is missing. recordAudit only accepts the fields of its action's entity (a compile error
 * otherwise), so a new field cannot reach the log without a label and a formatter.
 */
export const AUDIT_ENTITIES = {
  user: { name: 'text', email: 'text', isAdmin: 'yesNo', packLevel: 'number' },
  // urlToCV: what campsite.create wrote before it used the column's own name.
  campsite: { ...campsiteFields, admin: 'text', urlToCV: 'text' },
  campsiteDeletion: { name: 'text', contacts: 'number', quotes: 'number', mails: 'number', images: 'number', users: 'number' },
  languages: { lingue: 'list' },
  configuration: { group: 'text', option: 'configOption', oggetto: 'text', firma: 'html', mittente: 'text' },
  update: { title: 'text', audience: 'audience', campsites: 'list' },
  labelTranslation: { names: 'labelNames' },
  quoteAssignee: { quote: 'text', assignee: 'text' },
} as const satisfies Record<string, Record<string, AuditFormat>>;

export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** Which entity each action writes. */
export const ACTION_ENTITY = {
  'user.create': 'user',
  'user.update': 'user',
  'user.password': 'user',
  'user.delete': 'user',
  'account.update': 'user',
  'account.password': 'user',
  'campsite.create': 'campsite',
  'campsite.delete': 'campsiteDeletion',
  'campsite.settings.hours': 'campsite',
  'campsite.settings.contacts': 'campsite',
  'campsite.settings.occupancy': 'campsite',
  'campsite.settings.form-fields': 'campsite',
  'campsite.settings.localization': 'campsite',
  'campsite.settings.tags': 'campsite',
  'campsite.settings.mailing': 'campsite',
  'campsite.settings.reminder': 'campsite',
  'campsite.settings.stay-mails': 'campsite',
  'campsite.settings.languages': 'languages',
  'campsite.settings.record': 'campsite',
  'campsite.settings.follow-ups': 'campsite',
  'configuration.add': 'configuration',
  'configuration.edit': 'configuration',
  'configuration.delete': 'configuration',
  'update.create': 'update',
  'update.delete': 'update',
  label_translation: 'labelTranslation',
  'quote.assign': 'quoteAssignee',
} as const satisfies Record<AuditAction, AuditEntity>;

export type AuditField<A extends AuditAction> = keyof (typeof AUDIT_ENTITIES)[(typeof ACTION_ENTITY)[A]] & string;
export type AuditSnapshot<A extends AuditAction> = Partial<Record<AuditField<A>, unknown>>;

/** The entity and format of a stored field; undefined for an action or field an older release wrote. */
export function auditFieldFormat(action: string, field: string): { entity: AuditEntity; format: AuditFormat } | undefined {
  const entity = (ACTION_ENTITY as Record<string, AuditEntity | undefined>)[action];
  if (!entity) return undefined;
  const format = (AUDIT_ENTITIES[entity] as Record<string, AuditFormat | undefined>)[field];
  return format ? { entity, format } : undefined;
}
