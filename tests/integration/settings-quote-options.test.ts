import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, campsites } from '@/db/schema';
import { updateReminderDays } from '@/lib/campsites/quote-options';
import { getQuoteSender, saveQuoteSender } from '@/lib/configurations/service';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

describe('quote options', () => {
  it('everyone reads the quote-sending settings, only the admin saves them and the reminder days', async () => {
    const campsite = await makeCampsite(db);
    const admin = tenantOf(await makeUser(db, campsite.id, { isAdmin: true }));
    const staff = tenantOf(await makeUser(db, campsite.id));
    expect(await getQuoteSender(ctxFor(db, staff))).toEqual({ mittente: '', replyTo: '', oggetto: '' });
    const sender = { mittente: 'Lago', replyTo: 'prenota@lago.example', oggetto: 'Il suo preventivo' };
    await saveQuoteSender(ctxFor(db, admin), sender);
    await saveQuoteSender(ctxFor(db, admin), { ...sender, oggetto: 'Offerta' });
    expect(await getQuoteSender(ctxFor(db, staff))).toEqual({ ...sender, oggetto: 'Offerta' });
    expect((await failure(saveQuoteSender(ctxFor(db, staff), sender))).status).toBe(403);
    expect((await failure(updateReminderDays(ctxFor(db, staff), 5))).status).toBe(403);
    await expect(saveQuoteSender(ctxFor(db, admin), { ...sender, replyTo: 'non-una-mail' })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['replyTo'] })] });
    expect(await updateReminderDays(ctxFor(db, admin), 7)).toBe(7);
    expect((await db.select().from(campsites).where(eq(campsites.id, campsite.id)))[0].reminderDays).toBe(7);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.campingId, campsite.id))).map((entry) => entry.action).sort();
    expect(actions).toEqual(['campsite.settings.reminder', 'configuration.add', 'configuration.edit']);
  });
});
