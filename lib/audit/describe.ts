import { auditFieldFormat, type AuditFormat } from './fields';

/** The part of next-intl's translator the log needs, bound to the `audit` messages. */
export type AuditTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/** One changed field as the log shows it: its label and the value before and/or after, in words. */
export type AuditLine = { field: string; label: string; before?: string; after?: string };

type Entry = { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const words = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Any value in words, without braces or quotes: what an older entry or a free-form option holds. */
function plain(value: unknown, t: AuditTranslator): string {
  if (value === null || value === undefined || value === '') return t('empty');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') return value.toLocaleString('it-IT');
  if (typeof value === 'string') return shorten(value);
  if (Array.isArray(value)) return value.length === 0 ? t('none') : value.map((item) => plain(item, t)).join(', ');
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? t('none') : entries.map(([key, item]) => `${key}: ${plain(item, t)}`).join('; ');
  }
  return String(value);
}

const localeName = (code: string, t: AuditTranslator) => (t.has(`values.locales.${code}`) ? t(`values.locales.${code}`) : code.toUpperCase());

const FORMATTERS: Record<AuditFormat, (value: unknown, t: AuditTranslator) => string> = {
  text: (value, t) => plain(value, t),
  yesNo: (value, t) => plain(value, t),
  number: (value, t) => plain(value, t),
  secret: (value, t) => (value ? String(value) : t('values.secretNone')),
  html: (value, t) => (typeof value === 'string' && stripHtml(value) ? shorten(stripHtml(value)) : t('empty')),
  list: (value, t) => plain(value, t),
  audience: (value, t) => (value === 'all' || value === 'selected' ? t(`values.audience.${value}`) : plain(value, t)),
  tags: (value, t) => (Array.isArray(value) ? (value.length ? value.map((tag) => (isRecord(tag) ? words(tag.name) : words(tag))).join(', ') : t('none')) : plain(value, t)),
  openingHours: (value, t) => {
    if (!isRecord(value)) return plain(value, t);
    const ranges = (list: unknown) => (Array.isArray(list) && list.length ? list.map((range) => (isRecord(range) ? `${words(range.from)}–${words(range.to)}` : '')).join(', ') : t('none'));
    const parts = [`${t('values.hours.checkin')} ${ranges(value.checkin)}`, `${t('values.hours.checkout')} ${ranges(value.checkout)}`];
    if (value.baseTime) parts.push(`${t('values.hours.baseTime')} ${words(value.baseTime)}`);
    if (value.notes) parts.push(`${t('values.hours.notes')}: ${shorten(words(value.notes), 80)}`);
    return parts.join('; ');
  },
  campsiteContacts: (value, t) => {
    if (!isRecord(value)) return plain(value, t);
    const filled = Object.entries(value).filter(([, item]) => words(item));
    if (filled.length === 0) return t('none');
    return filled.map(([key, item]) => `${t.has(`values.contacts.${key}`) ? t(`values.contacts.${key}`) : key} ${words(item)}`).join('; ');
  },
  occupancy: (value, t) =>
    Array.isArray(value)
      ? value.length
        ? value.map((step) => (isRecord(step) ? t('values.occupancyStep', { label: words(step.label), threshold: Number(step.threshold) || 0 }) : plain(step, t))).join('; ')
        : t('none')
      : plain(value, t),
  formFields: (value, t) => {
    if (!Array.isArray(value)) return plain(value, t);
    const shown = value.filter((field) => isRecord(field) && field.visible);
    if (shown.length === 0) return t('values.noFormFields');
    return shown
      .map((field) => {
        const code = words((field as Record<string, unknown>).field);
        const label = t.has(`values.formFields.${code}`) ? t(`values.formFields.${code}`) : code;
        return (field as Record<string, unknown>).required ? t('values.requiredField', { label }) : label;
      })
      .join(', ');
  },
  localization: (value, t) => {
    if (!isRecord(value)) return plain(value, t);
    const languages = Object.entries(value).filter(([, texts]) => isRecord(texts) && Object.keys(texts).length > 0);
    if (languages.length === 0) return t('values.noTexts');
    return languages.map(([code, texts]) => `${localeName(code, t)}: ${t('values.texts', { count: Object.keys(texts as object).length })}`).join('; ');
  },
  labelNames: (value, t) => {
    if (!isRecord(value)) return plain(value, t);
    const names = Object.entries(value).filter(([, name]) => words(name));
    return names.length ? names.map(([code, name]) => `${localeName(code, t)} «${words(name)}»`).join(', ') : t('none');
  },
  configOption: (value, t) => plain(value, t),
  stayMails: (value, t) => {
    if (!isRecord(value) || !isRecord(value.preArrival) || !isRecord(value.postStay)) return plain(value, t);
    const before = value.preArrival.enabled ? t('values.stayMails.before', { days: Number(value.preArrival.daysBefore) || 0 }) : t('values.stayMails.beforeOff');
    const dayBefore = value.preArrival.enabled && value.preArrival.dayBefore ? `; ${t('values.stayMails.dayBefore')}` : '';
    const after = value.postStay.enabled ? t('values.stayMails.after', { days: Number(value.postStay.daysAfter) || 0 }) : t('values.stayMails.afterOff');
    return `${before}${dayBefore}; ${after}`;
  },
  followUpRules: (value, t) =>
    isRecord(value)
      ? t('values.followUpRules', { notOpened: Number(value.notOpenedDays) || 0, notAnswered: Number(value.notAnsweredDays) || 0, validity: Number(value.validityEndingDays) || 0 })
      : plain(value, t),
};

/** A stored value in Italian words, as the field's registered format says (any other value in plain words). */
export function formatAuditValue(action: string, field: string, value: unknown, t: AuditTranslator): string {
  if (value === null || value === undefined || value === '') return t('empty');
  const known = auditFieldFormat(action, field);
  return known ? FORMATTERS[known.format](value, t) : plain(value, t);
}

export function auditFieldLabel(action: string, field: string, t: AuditTranslator): string {
  const known = auditFieldFormat(action, field);
  if (known && t.has(`fields.${known.entity}.${field}`)) return t(`fields.${known.entity}.${field}`);
  return field;
}

/** The lines of an entry: each changed field with its label, and its value before and/or after. */
export function describeAuditChanges(entry: Entry, t: AuditTranslator): AuditLine[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(entry.action, field, t),
    ...(entry.before ? { before: formatAuditValue(entry.action, field, entry.before[field], t) } : {}),
    ...(entry.after ? { after: formatAuditValue(entry.action, field, entry.after[field], t) } : {}),
  }));
}
