import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, configurations, contacts, users } from '@/db/schema';
import { getCampsiteSettings } from '@/lib/campsites/settings';
import { toLegacyTemplate } from '@/lib/legacy-api/shapes/template';
import { toLegacyUser } from '@/lib/legacy-api/shapes/user';
import { connectLegacy } from '@/lib/legacy-import/client';
import { contactsKind } from '@/lib/legacy-import/kinds/contacts';
import { MASKED_KEY_REASON, settingsKind } from '@/lib/legacy-import/kinds/settings';
import { templatesKind } from '@/lib/legacy-import/kinds/templates';
import { EMAIL_OF_ANOTHER_CAMPSITE, usersKind } from '@/lib/legacy-import/kinds/users';
import { runLegacyImport } from '@/lib/legacy-import/run';
import { listTemplates } from '@/lib/templates/service';
import { listUsers } from '@/lib/users/service';
import { inviteImportedUsers } from '@/lib/workflows/invite-imported-users';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { startLegacySource, type LegacySource } from '../helpers/legacy-source';

const db = await useTestDatabase();
const KINDS = [usersKind, settingsKind, templatesKind];
const hex = () => randomBytes(12).toString('hex');

let source: LegacySource;
let clashId: string;
let clashEmail: string;
beforeAll(async () => {
  source = await startLegacySource();
  // The old system as a campsite leaves it: a Mailjet key (shown masked), and a colleague whose
  // e-mail another campsite's user already has here.
  await source.db.update(campsites).set({ mailjetApiKey: 'chiave-mailjet-1234', personalizedTags: [{ name: 'VIP', color: 'red' }] }).where(eq(campsites.id, source.campsiteId));
  clashId = hex();
  clashEmail = `doppione-${hex()}@vecchio-crm.test`;
  await source.db.insert(users).values({ id: clashId, campingId: source.campsiteId, email: clashEmail, passwordHash: 'x', name: 'Doppione', createdAt: new Date('2022-01-01T00:00:00Z') });
  await source.db.insert(configurations).values({ id: hex(), campingId: source.campsiteId, group: 'emailInvioPreventivi', option: { mittente: 'Lago Azzurro', oggetto: 'Il suo preventivo' }, version: 2 });
  const elsewhere = await makeCampsite(db);
  await makeUser(db, elsewhere.id, { email: clashEmail });
}, 180_000);
afterAll(async () => {
  // The source's e-mails are fixed and unique across the product: the imported campsite goes, so a run again (on PostgreSQL) finds them free.
  if (source) await db.delete(campsites).where(eq(campsites.id, source.campsiteId));
  await source?.stop();
});

const importOnce = async (options: { dryRun?: boolean; kinds?: typeof KINDS; campsiteId?: string } = {}) =>
  runLegacyImport(db, {
    client: await connectLegacy({ baseUrl: source.baseUrl, ...source.staff, ratePerSecond: 1000 }),
    sourceUrl: source.baseUrl,
    kinds: options.kinds ?? KINDS,
    dryRun: options.dryRun,
    campsiteId: options.campsiteId,
  });

/** A campsite's users, templates and settings as our services show them, without the ids a campsite gives. */
async function readBack(database: Database, campsiteId: string, adminId: string) {
  const staff = ctxFor(database, { campsiteId, userId: adminId });
  const settings = await getCampsiteSettings(staff);
  const { id: _id, mailing: _mailing, platformCampId: _platform, ...shown } = settings;
  return {
    users: (await listUsers(staff)).map((user) => {
      const { camping: _camping, lastLogin: _last, loginArray: _logins, ...legacy } = toLegacyUser(user);
      return legacy;
    }),
    templates: (await listTemplates(jobCtxFor(database, campsiteId))).map((template) => {
      const { camping: _camping, ...legacy } = toLegacyTemplate(template);
      return legacy;
    }),
    settings: shown,
    campsite: await database
      .select({ createdAt: campsites.createdAt, version: campsites.version, tags: campsites.personalizedQuoteTags })
      .from(campsites)
      .where(eq(campsites.id, campsiteId)),
  };
}

describe('importing users, settings and templates from a running old CRM', () => {
  it('brings every one across with its old id and fields, skips what cannot come with the reason, and a second run writes nothing', async () => {
    // A dry run into a campsite reads and checks everything and writes nothing.
    const empty = await makeCampsite(db, { name: 'Campeggio vuoto' });
    const dry = await importOnce({ dryRun: true, campsiteId: empty.id });
    expect(dry.report.kinds.map((kind) => [kind.kind, kind.here, kind.written])).toEqual([
      ['utenti', 0, 0],
      ['impostazioni', 1, 0],
      ['template', 0, 0],
    ]);
    expect(dry.report.skipped).toContainEqual({ kind: 'utenti', oldId: clashId, reason: `${clashEmail}: ${EMAIL_OF_ANOTHER_CAMPSITE}` });
    expect(await db.select().from(campsites).where(eq(campsites.id, empty.id))).toEqual([empty]);

    const first = await importOnce();
    expect(first.campsiteId).toBe(source.campsiteId);
    const { report } = first;
    for (const kind of report.kinds) expect(kind.here, kind.kind).toBe(kind.there - (kind.kind === 'utenti' ? 1 : 0));
    expect(report.kinds.find((kind) => kind.kind === 'impostazioni')).toMatchObject({ there: 1, here: 1, written: 1 });
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        { kind: 'utenti', oldId: clashId, reason: `${clashEmail}: ${EMAIL_OF_ANOTHER_CAMPSITE}` },
        { kind: 'impostazioni', oldId: `${source.campsiteId}:MailjetAPI`, reason: MASKED_KEY_REASON },
        { kind: 'impostazioni', oldId: `${source.campsiteId}:MailjetSecret`, reason: MASKED_KEY_REASON },
      ]),
    );
    expect(report.skipped, JSON.stringify(report.skipped)).toHaveLength(3);
    // The sampled records read again on both sides are equal field by field.
    expect(report.samples.flatMap((sample) => sample.differences).map((d) => JSON.stringify(d))).toEqual([]);

    const there = await readBack(source.db, source.campsiteId, source.old.staffUserId);
    const here = await readBack(db, source.campsiteId, source.old.staffUserId);
    expect(here.users).toEqual(there.users.filter((user) => user._id !== clashId));
    expect(here.users.map((user) => user._id)).toContain(source.old.staffUserId);
    expect(here.templates).toEqual(there.templates);
    expect(here.templates.map((template) => template._id)).toContain(source.old.templateId);
    // The hours' note for foreign guests is not in the contract (the old system shows only the Italian one): it cannot cross.
    const { notesByLanguage: translations, ...hoursThere } = there.settings.openingHours;
    expect(translations).toBeDefined();
    expect(here.settings).toEqual({ ...there.settings, openingHours: hoursThere });
    expect(here.settings.personalizedTags).toEqual([{ name: 'VIP', color: 'red' }]);
    expect(here.campsite).toEqual(there.campsite);
    const [key] = await db.select({ key: campsites.mailjetApiKey }).from(campsites).where(eq(campsites.id, source.campsiteId));
    expect(key.key).toBeNull();

    const second = await importOnce();
    expect(second.resumed).toBe(false);
    for (const kind of second.report.kinds) expect(kind.written, kind.kind).toBe(0);
    expect(await readBack(db, source.campsiteId, source.old.staffUserId)).toEqual(here);

    // The users come before the contacts: an old contact keeps its owner.
    await importOnce({ kinds: [contactsKind] });
    const [lucia] = await db.select({ ownerId: contacts.ownerId }).from(contacts).where(eq(contacts.id, source.old.contactIds[0]));
    expect(lucia.ownerId).toBe(source.old.staffUserId);

    // Only when asked: each imported user gets a one-time link.
    const invited = await inviteImportedUsers(jobCtxFor(db, source.campsiteId), second.importId, { origin: 'https://crm.nuovo.test' });
    expect(invited.invited).toContain(source.staff.email);
    expect(invited.invited).toHaveLength(here.users.length);
  });
});
