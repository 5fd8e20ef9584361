/**
 * Every action the audit log records. The type makes a new action name a compile error until it
 * is listed here, and a unit test makes a listed action without its Italian label a failure, so
 * the log never shows a raw name such as `configuration.add`.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.password',
  'user.delete',
  'account.update',
  'account.password',
  'campsite.create',
  'campsite.delete',
  'campsite.settings.hours',
  'campsite.settings.contacts',
  'campsite.settings.occupancy',
  'campsite.settings.form-fields',
  'campsite.settings.localization',
  'campsite.settings.tags',
  'campsite.settings.mailing',
  'campsite.settings.reminder',
  'campsite.settings.stay-mails',
  'campsite.settings.languages',
  'campsite.settings.record',
  'campsite.settings.follow-ups',
  'configuration.add',
  'configuration.edit',
  'configuration.delete',
  'update.create',
  'update.delete',
  'label_translation',
  'quote.assign',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The message key of an action's label under `audit.actions` (next-intl keys cannot hold dots). */
export const auditActionKey = (action: string) => `actions.${action.replace(/[.-]/g, '_')}`;
