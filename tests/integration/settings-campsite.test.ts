import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, campsites } from '@/db/schema';
import { listCampsiteLanguages, setCampsiteLanguages } from '@/lib/campsites/languages';
import { updateCampsiteRecord, updateIdentity } from '@/lib/campsites/record';
import {
  getCampsiteSettings,
  updateContactFormFields,
  updateContacts,
  updateLocalization,
  updateMailingKeys,
  updateOccupancyScale,
  updateOpeningHours,
  updateTags,
} from '@/lib/campsites/settings';
import { hasMailingProvider } from '@/lib/campsites/service';
import { decryptSecret, isEncrypted } from '@/lib/crypto/secret-box';
import { DemoBookingPlatform } from '@/lib/booking-platform/demo-platform';
import { findPublicCampsite, loadFormOptions } from '@/lib/requests/form-options';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

async function setup() {
  const campsite = await makeCampsite(db);
  const admin = tenantOf(await makeUser(db, campsite.id, { isAdmin: true }));
  const staff = tenantOf(await makeUser(db, campsite.id));
  const other = await makeCampsite(db);
  const otherAdmin = tenantOf(await makeUser(db, other.id, { isAdmin: true }));
  const operatorSite = await makeCampsite(db);
  const operator = tenantOf(await makeUser(db, operatorSite.id, { isAdmin: true, isOperator: true }));
  return { campsite, admin, staff, other, otherAdmin, operator };
}

const auditOf = (campsiteId: string, action: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.campingId, campsiteId), eq(auditLog.action, action)));
const rowOf = async (id: string) => (await db.select().from(campsites).where(eq(campsites.id, id)))[0];

describe('defaults', () => {
  it('a campsite that never saved shows the default hours, scale and every form field', async () => {
    const { campsite, staff } = await setup();
    const settings = await getCampsiteSettings(ctxFor(db, staff), campsite.id);
    expect(settings.openingHours).toEqual({ baseTime: '09:00', checkin: [{ from: '10:00', to: '13:30' }], checkout: [{ from: '16:00', to: '19:30' }], notes: '' });
    expect(settings.occupancyScale.map((step) => [step.threshold, step.color])).toEqual([
      [0, 'red'],
      [33, 'orange'],
      [66, 'yellow'],
      [100, 'green'],
    ]);
    expect(settings.contactFormFields).toHaveLength(13);
    expect(settings.mailing).toEqual({ apiKey: null, secret: null });
  });
});

describe('each setting saves, reads back and is audited', () => {
  it('hours with several ranges, before and after in the audit entry', async () => {
    const { campsite, admin } = await setup();
    const hours = { baseTime: '08:30', checkin: [{ from: '09:00', to: '12:00' }, { from: '15:00', to: '18:00' }], checkout: [{ from: '07:00', to: '10:00' }], notes: 'Chiuso a pranzo' };
    await updateOpeningHours(ctxFor(db, admin), null, hours);
    expect((await getCampsiteSettings(ctxFor(db, admin))).openingHours).toEqual(hours);
    const [entry] = await auditOf(campsite.id, 'campsite.settings.hours');
    expect(entry.actorUserId).toBe(admin.userId);
    expect(entry.before).toEqual({ openingHours: null });
    expect(entry.after).toEqual({ openingHours: hours });
  });

  it('refuses a range that ends before it starts, with the field’s path', async () => {
    const { admin } = await setup();
    await expect(updateOpeningHours(ctxFor(db, admin), null, { baseTime: '09:00', checkin: [{ from: '12:00', to: '10:00' }], checkout: [{ from: '16:00', to: '19:30' }], notes: '' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['checkin', 0, 'to'] })],
    });
  });

  it('contacts, scale, tags, localization and record fields', async () => {
    const { campsite, admin } = await setup();
    await updateContacts(ctxFor(db, admin), campsite.id, { phone: '+39 045 1', whatsapp: '+39 333 1', email: 'info@x.example', address: 'Via 1', policyLink: 'https://x.example/p' });
    await updateOccupancyScale(ctxFor(db, admin), campsite.id, [
      { threshold: 0, color: 'red', label: 'Pieno' },
      { threshold: 50, color: '#00aa00', label: 'Libero' },
    ]);
    await updateTags(ctxFor(db, admin), campsite.id, { personalizedTags: [{ name: 'VIP', color: '#ff0000' }], personalizedQuoteTags: [{ name: 'Urgente', color: '#0000ff' }] });
    await updateLocalization(ctxFor(db, admin), campsite.id, { de: { 'guestForm.heading': 'Anfrage', 'guestForm.intro': '' } });
    await updateIdentity(ctxFor(db, admin), campsite.id, { urlToCv: 'https://cv.example', discountOnlyOnUnit: true });
    const settings = await getCampsiteSettings(ctxFor(db, admin));
    expect(settings.contacts.email).toBe('info@x.example');
    expect(settings.occupancyScale[1]).toEqual({ threshold: 50, color: '#00aa00', label: 'Libero' });
    expect(settings.personalizedTags).toEqual([{ name: 'VIP', color: '#ff0000' }]);
    expect(settings.localization).toEqual({ de: { 'guestForm.heading': 'Anfrage' } });
    expect(settings).toMatchObject({ urlToCv: 'https://cv.example', discountOnlyOnUnit: true });
    expect((await auditOf(campsite.id, 'campsite.settings.record'))[0].after).toEqual({ urlToCv: 'https://cv.example', discountOnlyOnUnit: true });
  });

  it('a save that changes nothing writes no audit entry', async () => {
    const { campsite, admin } = await setup();
    const contacts = { phone: '', whatsapp: '', email: 'a@b.example', address: '', policyLink: '' };
    await updateContacts(ctxFor(db, admin), null, contacts);
    await updateContacts(ctxFor(db, admin), null, contacts);
    expect(await auditOf(campsite.id, 'campsite.settings.contacts')).toHaveLength(1);
  });

  it('languages keep their order; a language added without a prefix gets its own country’s (uk +380, en +44, it +39, fr +33)', async () => {
    const { campsite, admin } = await setup();
    await setCampsiteLanguages(ctxFor(db, admin), null, [{ languageId: 7 }, { languageId: 2 }, { languageId: 1 }, { languageId: 4 }]);
    expect((await listCampsiteLanguages(jobCtxFor(db, campsite.id), campsite.id)).map((l) => [l.code, l.phonePrefix])).toEqual([
      ['uk', '+380'],
      ['en', '+44'],
      ['it', '+39'],
      ['fr', '+33'],
    ]);
    await setCampsiteLanguages(ctxFor(db, admin), null, [{ languageId: 4, phonePrefix: '+32' }, { languageId: 1 }]);
    expect((await listCampsiteLanguages(jobCtxFor(db, campsite.id), campsite.id)).map((l) => [l.code, l.phonePrefix])).toEqual([
      ['fr', '+32'],
      ['it', '+39'],
    ]);
    expect(await auditOf(campsite.id, 'campsite.settings.languages')).toHaveLength(2);
    await expect(setCampsiteLanguages(ctxFor(db, admin), null, [{ languageId: 9999 }])).rejects.toMatchObject({ kind: 'bad_request' });
  });
});

describe('identity', () => {
  it('name, lucee and platform id are the operator’s; the admin may send them unchanged', async () => {
    const { campsite, admin, operator } = await setup();
    expect((await failure(updateIdentity(ctxFor(db, admin), null, { name: 'Nuovo nome' }))).status).toBe(403);
    await updateIdentity(ctxFor(db, admin), null, { name: campsite.name, urlToCv: 'https://ok.example' });
    await updateIdentity(ctxFor(db, operator), campsite.id, { name: 'Nuovo nome', lucee: true, platformCampId: 'P-1' });
    expect(await rowOf(campsite.id)).toMatchObject({ name: 'Nuovo nome', lucee: true, platformCampId: 'P-1', urlToCv: 'https://ok.example' });
  });
});

describe('mailing keys', () => {
  it('are encrypted at rest, masked in every answer and in the audit log', async () => {
    const { campsite, admin } = await setup();
    const key = 're_chiave-api-segreta-1234';
    const secret = 'whsec_segreto-di-firma-9876';
    await updateMailingKeys(ctxFor(db, admin), null, { apiKey: key, secret });
    const row = await rowOf(campsite.id);
    expect(isEncrypted(row.mailjetApiKey!)).toBe(true);
    expect(row.mailjetApiKey).not.toContain(key);
    expect(decryptSecret(row.mailjetApiKey!)).toBe(key);
    expect(decryptSecret(row.mailjetSecret!)).toBe(secret);
    expect(hasMailingProvider(row)).toBe(true);
    const settings = await getCampsiteSettings(ctxFor(db, admin));
    expect(settings.mailing).toEqual({ apiKey: 'impostata (…1234)', secret: 'impostata (…9876)' });
    expect(JSON.stringify(settings)).not.toMatch(/chiave-api-segreta|segreto-di-firma/);
    const entries = await db.select().from(auditLog).where(eq(auditLog.campingId, campsite.id));
    expect(JSON.stringify(entries)).not.toMatch(/chiave-api-segreta|segreto-di-firma/);
    expect(entries[0].after).toEqual({ mailjetApiKey: 'impostata (…1234)', mailjetSecret: 'impostata (…9876)' });

    // A masked value sent back by a legacy client changes nothing; a blank field keeps the key.
    await updateCampsiteRecord(ctxFor(db, admin), null, { mailjetApiKey: 'impostata (…1234)' });
    expect((await rowOf(campsite.id)).mailjetApiKey).toBe(row.mailjetApiKey);
    await updateMailingKeys(ctxFor(db, admin), null, { clearApiKey: true, clearSecret: true });
    expect(hasMailingProvider(await rowOf(campsite.id))).toBe(false);
  });
});

describe('roles', () => {
  it('another campsite’s admin gets 404 and staff 403 for every change, and nothing changes', async () => {
    const { campsite, staff, otherAdmin } = await setup();
    const before = await rowOf(campsite.id);
    const attempts = (tenant: typeof staff) => [
      updateOpeningHours(ctxFor(db, tenant), campsite.id, { baseTime: '07:00', checkin: [{ from: '08:00', to: '09:00' }], checkout: [{ from: '10:00', to: '11:00' }], notes: '' }),
      updateContacts(ctxFor(db, tenant), campsite.id, { email: 'x@y.example' }),
      updateOccupancyScale(ctxFor(db, tenant), campsite.id, [{ threshold: 0, color: 'red', label: 'x' }, { threshold: 10, color: 'red', label: 'y' }]),
      updateContactFormFields(ctxFor(db, tenant), campsite.id, [{ field: 'telefono', visible: false, required: false }]),
      updateLocalization(ctxFor(db, tenant), campsite.id, { it: { a: 'b' } }),
      updateTags(ctxFor(db, tenant), campsite.id, { personalizedTags: [], personalizedQuoteTags: [] }),
      updateIdentity(ctxFor(db, tenant), campsite.id, { urlToCv: 'https://x.example' }),
      updateMailingKeys(ctxFor(db, tenant), campsite.id, { apiKey: 'k' }),
      setCampsiteLanguages(ctxFor(db, tenant), campsite.id, [{ languageId: 1 }]),
    ];
    for (const attempt of attempts(otherAdmin)) expect((await failure(attempt)).status).toBe(404);
    for (const attempt of attempts(staff)) expect((await failure(attempt)).status).toBe(403);
    expect((await failure(getCampsiteSettings(ctxFor(db, otherAdmin), campsite.id))).status).toBe(404);
    expect(await rowOf(campsite.id)).toEqual(before);
    expect(await db.select().from(auditLog).where(eq(auditLog.campingId, campsite.id))).toHaveLength(0);
  });

  it('the operator changes any campsite, audited on that campsite', async () => {
    const { campsite, operator } = await setup();
    await updateContacts(ctxFor(db, operator), campsite.id, { phone: '+39 1234567' });
    expect((await rowOf(campsite.id)).contacts?.phone).toBe('+39 1234567');
    expect((await auditOf(campsite.id, 'campsite.settings.contacts'))[0].actorUserId).toBe(operator.userId);
  });
});

describe('guest-facing effect', () => {
  it('a hidden form field disappears from the public form options; the e-mail cannot be hidden', async () => {
    const { campsite, admin } = await setup();
    await db.update(campsites).set({ platformCampId: 'DEMO-LAGO-AZZURRO' }).where(eq(campsites.id, campsite.id));
    const fieldsNow = async () => (await loadFormOptions(guestCtxFor(db, (await findPublicCampsite(db, campsite.id))!.id), new DemoBookingPlatform(), (await findPublicCampsite(db, campsite.id))!)).fields.map((f) => f.field);
    expect(await fieldsNow()).toContain('telefono');
    const settings = await getCampsiteSettings(ctxFor(db, admin));
    await updateContactFormFields(
      ctxFor(db, admin),
      null,
      settings.contactFormFields.map((entry) => (entry.field === 'telefono' || entry.field === 'email' ? { ...entry, visible: false } : entry)) as never,
    );
    const shown = await fieldsNow();
    expect(shown).not.toContain('telefono');
    expect(shown).toContain('email');
  });
});
