import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import audit from '@/messages/it/audit.json';
import { AUDIT_ACTIONS } from '@/lib/audit/actions';
import { formatAuditValue, type AuditTranslator } from '@/lib/audit/describe';
import { ACTION_ENTITY, AUDIT_ENTITIES, type AuditFormat } from '@/lib/audit/fields';
import { FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import { GUEST_LOCALES } from '@/lib/i18n/locales';

const t = createTranslator({ locale: 'it', messages: { audit }, namespace: 'audit' }) as unknown as AuditTranslator;
const labels = audit.fields as Record<string, Record<string, string>>;

/** A value of each kind as the services store it: what the log must turn into words. */
const SAMPLES: Record<AuditFormat, unknown> = {
  text: 'Lago Azzurro',
  yesNo: true,
  number: 1,
  secret: 'impostata (…abcd)',
  html: '<p>Cordiali <b>saluti</b></p>',
  list: ['Italiano (+39)', 'Nederlands (+31)'],
  audience: 'selected',
  tags: [{ name: 'Cliente abituale', color: '#2f9e44' }],
  openingHours: { baseTime: '09:00', notes: 'Chiuso a pranzo', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '08:00', to: '11:00' }] },
  campsiteContacts: { phone: '+39 0461 000000', whatsapp: '', email: 'info@lago.test', address: '', policyLink: '' },
  occupancy: [{ threshold: 0, color: 'red', label: 'Pieno' }],
  formFields: [{ field: 'telefono', visible: true, required: true }, { field: 'nazione', visible: false, required: false }],
  localization: { de: { 'guestForm.heading': 'Fragen Sie uns' } },
  labelNames: { de: 'Stammgast', en: 'Regular guest' },
  configOption: { oggetto: 'Il vostro preventivo', attivo: true },
  stayMails: {
    preArrival: { enabled: true, daysBefore: 7, templateId: null, dayBefore: true, dayBeforeTemplateId: null },
    postStay: { enabled: false, daysAfter: 2, templateId: null, reviewUrl: '' },
  },
  followUpRules: { notOpenedDays: 3, notAnsweredDays: 3, validityEndingDays: 2 },
};

const fieldsOf = (entity: string) => Object.entries(AUDIT_ENTITIES[entity as keyof typeof AUDIT_ENTITIES]) as [string, AuditFormat][];
/** Every field of every entity, with one action that writes it. */
const walk = Object.keys(AUDIT_ENTITIES).flatMap((entity) => {
  const action = Object.entries(ACTION_ENTITY).find(([, of]) => of === entity)![0];
  return fieldsOf(entity).map(([field, format]) => [action, entity, field, format] as const);
});

describe('audit log field registry', () => {
  it('knows the entity of every recorded action', () => {
    expect(Object.keys(ACTION_ENTITY).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it.each(walk)('%s: %s.%s has an Italian label', (_action, entity, field) => {
    const label = labels[entity]?.[field];
    expect(label?.trim(), `fields.${entity}.${field} in messages/it/audit.json`).toBeTruthy();
    expect(label).not.toBe(field);
  });

  it.each(walk)('%s: %s.%s (%s) reads without JSON or code keys', (action, _entity, field, format) => {
    const shown = formatAuditValue(action, field, SAMPLES[format], t);
    expect(shown.trim()).toBeTruthy();
    expect(shown).not.toMatch(/[{}[\]"]|selected|guestForm\.|#2f9e44/);
  });

  it('names every field of the contact form and every guest language', () => {
    for (const field of FORM_FIELDS) expect(t.has(`values.formFields.${field}`), field).toBe(true);
    for (const locale of GUEST_LOCALES) expect(t.has(`values.locales.${locale}`), locale).toBe(true);
  });

  it('reads the values the issue found raw', () => {
    expect(formatAuditValue('campsite.settings.tags', 'personalizedTags', SAMPLES.tags, t)).toBe('Cliente abituale');
    expect(formatAuditValue('update.delete', 'audience', 'selected', t)).toBe('Campeggi scelti');
    expect(formatAuditValue('update.create', 'audience', 'all', t)).toBe('Tutti i campeggi');
    expect(formatAuditValue('campsite.settings.form-fields', 'contactFormFields', SAMPLES.formFields, t)).toBe('Telefono (obbligatorio)');
    expect(formatAuditValue('campsite.settings.localization', 'localization', SAMPLES.localization, t)).toBe('Tedesco: 1 testo personalizzato');
    expect(formatAuditValue('user.update', 'isAdmin', false, t)).toBe('No');
  });
});
