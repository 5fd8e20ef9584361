import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { refreshCampsite } from '@/lib/dashboard/refresh';
import { getDashboard } from '@/lib/dashboard/service';
import { listOutbox } from '@/lib/mail/outbox-view';
import { sendNewsletterBatch } from '@/lib/newsletter/batch-send';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { fanOutNewsletter } from '@/lib/newsletter/fan-out';
import { outboxCaptureProvider } from '@/lib/newsletter/outbox-capture';
import { sendTestNewsletter } from '@/lib/newsletter/preview';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { campsiteWithProvider, listWithMembers } from '../helpers/newsletters';

const db = await useTestDatabase();
// The demo: the installation sends no mail at all, so the newsletter's provider is the capture.
const installationSendsMail = Boolean(process.env.RESEND_API_KEY || process.env.RESEND_BASE_URL);

describe.skipIf(installationSendsMail)('in the demo, newsletters stay in the local preview', () => {
  it('keeps every sent newsletter mail and every test send in the campsite’s outbox, once, out of the «e-mail inviate» figure', async () => {
    const campsite = await campsiteWithProvider(db, 'Camping Anteprima');
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    const { list } = await listWithMembers(db, campsite.id, [{ firstName: 'Anna' }, { firstName: 'Hans', languageId: 3 }, { leftList: true }]);
    const { campaignId } = await startNewsletter(ctx, { listId: list.id, subject: 'Novità per {{nome}}', html: '<p>Ciao {{nome}}</p>', languageId: 1 });
    await fanOutNewsletter(ctx, { campaignId });
    // No provider factory: the default one, as the demo's worker runs it.
    expect(await sendNewsletterBatch(ctx, { campaignId, batchNo: 0 }, { ratePerSecond: 100 })).toBe('sent');

    const kept = await db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, campsite.id), eq(mailOutbox.kind, 'newsletter')));
    expect(kept.map((mail) => mail.subject).sort()).toEqual(['Novità per Anna', 'Novità per Hans']);
    expect(kept.every((mail) => mail.status === 'captured' && mail.sentAt !== null && mail.html.includes('Annulla l’iscrizione'))).toBe(true);
    const listed = await listOutbox(ctx);
    expect(listed.items.filter((mail) => mail.kind === 'newsletter')).toHaveLength(2);

    // The test send to the staff's own address is kept too, marked as a test.
    await sendTestNewsletter(ctx, { listId: list.id, subject: 'Novità per {{nome}}', html: '<p>Ciao {{nome}}</p>', origin: 'http://localhost', to: 'staff@anteprima.test' });
    const test = await db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, campsite.id), eq(mailOutbox.subject, '[PROVA] Novità per Anna')));
    expect(test).toHaveLength(1);
    expect(test[0].recipients).toEqual(['staff@anteprima.test']);

    // A batch handed over again (after a crash) under its key writes nothing twice.
    const again = outboxCaptureProvider(db, campsite.id);
    const mail = { from: 'crm@example.test', to: 'anna@example.test', subject: 'Di nuovo', html: '<p>x</p>', headers: {} };
    const first = await again.sendBatch([mail], 'newsletter-chiave-0');
    expect(await again.sendBatch([mail], 'newsletter-chiave-0')).toEqual(first);
    expect(await db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, campsite.id), eq(mailOutbox.subject, 'Di nuovo')))).toHaveLength(1);

    // Newsletters are not «e-mail inviate»: in production they never pass the outbox.
    await refreshCampsite(db, campsite.id);
    const dashboard = await getDashboard(ctx);
    expect(dashboard.mails.thisMonth.value).toBe(0);
    expect((await listOutbox(ctx, { sentOnly: true })).items).toHaveLength(0);
  });
});
