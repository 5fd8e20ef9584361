import { eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog } from '@/db/schema';
import audit from '@/messages/it/audit.json';
import { describeAuditChanges, type AuditTranslator } from '@/lib/audit/describe';
import { createCampsite, deleteCampsite } from '@/lib/campsites/admin';
import { setCampsiteLanguages } from '@/lib/campsites/languages';
import { updateCampsiteRecord } from '@/lib/campsites/record';
import { updateContactFormFields, updateContacts, updateLocalization, updateMailingKeys, updateOccupancyScale, updateOpeningHours, updateTags } from '@/lib/campsites/settings';
import { updateReminderDays } from '@/lib/campsites/quote-options';
import { addConfiguration, deleteConfiguration, editConfiguration } from '@/lib/configurations/service';
import { saveCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import { saveLabelTranslations } from '@/lib/label-translations/service';
import { createUpdate, deleteUpdate } from '@/lib/updates/service';
import { newUpdateSchema } from '@/lib/updates/validation';
import { createUser, deleteUser, updateUser } from '@/lib/users/service';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const t = createTranslator({ locale: 'it', messages: { audit }, namespace: 'audit' }) as unknown as AuditTranslator;
const unique = () => Math.random().toString(36).slice(2, 8);

describe('the audit log in words', () => {
  it('shows every field the admin and operator services write with an Italian label and a readable value', async () => {
    const provider = await makeCampsite(db, { name: `Fornitore ${unique()}` });
    const operator = ctxFor(db, tenantOf(await makeUser(db, provider.id, { isAdmin: true, isOperator: true })));
    const campsite = await makeCampsite(db, { name: `Lago ${unique()}` });
    const admin = ctxFor(db, tenantOf(await makeUser(db, campsite.id, { isAdmin: true })));

    // Users.
    const colleague = await createUser(admin, { email: `collega-${unique()}@prova.test`, password: 'Montagna-2026!' });
    await updateUser(admin, colleague.id, { isAdmin: true, packLevel: 10, name: 'Cristina Esposito' });
    await deleteUser(admin, colleague.id);
    // Campsite settings, every tab.
    await updateTags(admin, null, { personalizedTags: [{ name: 'Cliente abituale', color: '#2f9e44' }], personalizedQuoteTags: [{ name: 'Urgente', color: '#e03131' }] });
    await updateOpeningHours(admin, null, { baseTime: '08:30', notes: 'Chiuso a pranzo', checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '08:00', to: '11:00' }] });
    await updateContacts(admin, null, { phone: '+39 0461 000000', whatsapp: '', email: 'info@lago.test', address: 'Via del Lago 1', policyLink: '' });
    await updateOccupancyScale(admin, null, [{ threshold: 0, color: 'red', label: 'Pieno' }, { threshold: 50, color: 'green', label: 'Libero' }]);
    await updateContactFormFields(admin, null, [{ field: 'telefono', visible: true, required: true }]);
    await updateLocalization(admin, null, { de: { 'guestForm.heading': 'Fragen Sie uns' } });
    await updateMailingKeys(admin, null, { apiKey: 'chiave-di-prova-1234', secret: 'segreto-di-prova-5678' });
    await updateReminderDays(admin, 5);
    await updateCampsiteRecord(admin, null, { urlToCv: 'https://cv.example/lago', discountOnlyOnUnit: true });
    await setCampsiteLanguages(admin, null, [{ languageId: 1 }, { languageId: 5 }]);
    // Configurations and guest translations.
    const config = await addConfiguration(admin, { group: 'prova', option: { attivo: true, giorni: [1, 2] } });
    await editConfiguration(admin, config.id, { option: { attivo: false } });
    await deleteConfiguration(admin, config.id);
    await saveCvMailSettings(admin, { oggetto: 'Il vostro preventivo', firma: '<p>Cordiali <b>saluti</b></p>', mittente: 'Reception' });
    await saveLabelTranslations(admin, { campsiteId: campsite.id, entries: [{ source: 'Piazzola', names: { de: 'Stellplatz', en: 'Pitch' } }] });
    // Operator: a campsite created and deleted, an update posted to chosen campsites and withdrawn.
    const created = await createCampsite(operator, { name: `Nuovo ${unique()}`, lucee: false, urlToCV: 'https://cv.example/nuovo', platformCampId: 'NEW-1', email: `nuovo-${unique()}@prova.test`, password: 'Montagna-2026!' });
    await deleteCampsite(operator, { id: created.campsite.id, confirmName: created.campsite.name });
    const update = await createUpdate(operator, newUpdateSchema.parse({ titolo: 'Novità', testo: '<p>Testo</p>', campings: [campsite.id] }));
    await deleteUpdate(operator, update.id);

    const entries = await db.select().from(auditLog).where(inArray(auditLog.campingId, [campsite.id, provider.id]));
    expect(new Set(entries.map((entry) => entry.action)).size).toBeGreaterThanOrEqual(20);
    const shown: string[] = [];
    for (const entry of entries) {
      for (const line of describeAuditChanges(entry, t)) {
        expect(line.label, `${entry.action}: ${line.field} has no label`).not.toBe(line.field);
        for (const value of [line.before, line.after].filter((item) => item !== undefined)) {
          expect(value, `${entry.action}: ${line.field}`).not.toMatch(/[{}[\]"]|#[0-9a-f]{6}|^selected$|guestForm\./i);
        }
        shown.push(`${line.label}: ${line.before ?? ''} → ${line.after ?? ''}`);
      }
      expect(entry.summary).not.toMatch(/\b1 (utenti|contatti|preventivi|immagini)\b/);
    }
    expect(shown).toContain('Tag dei contatti: (nessuno) → Cliente abituale');
    expect(shown).toContain('Destinatari: Campeggi scelti → ');
    expect(shown.find((line) => line.startsWith('Lingue:'))).toMatch(/→ Italiano \(\+39\), Nederlands \(\+31\)$/);
    expect(shown).toContain('Utenti eliminati: 1 → ');
    expect(shown.join('\n')).toContain('Testi delle pagine ospite: nessun testo personalizzato → Tedesco: 1 testo personalizzato');
  });

  it('writes «1 utente», not «1 utenti», when a campsite goes', async () => {
    const provider = await makeCampsite(db, { name: `Fornitore ${unique()}` });
    const operator = ctxFor(db, tenantOf(await makeUser(db, provider.id, { isAdmin: true, isOperator: true })));
    const created = await createCampsite(operator, { name: `Breve ${unique()}`, lucee: false, urlToCV: null, platformCampId: null, email: `breve-${unique()}@prova.test`, password: 'Montagna-2026!' });
    await deleteCampsite(operator, { id: created.campsite.id, confirmName: created.campsite.name });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.campsite.id));
    expect(entry.summary).toContain('0 contatti, 0 preventivi, 0 e-mail, 0 immagini e 1 utente');
  });
});
