import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites } from '@/db/schema';
import { deliverDue } from '@/lib/mail/delivery';
import { outboxMailStatus } from '@/lib/mail/mail-status';
import { enqueueMail } from '@/lib/mail/outbox';
import { listOutbox } from '@/lib/mail/outbox-view';
import { resendTransport } from '@/lib/mail/resend-transport';
import { queueAcceptanceMails } from '@/lib/mail/system-mails';
import { captureTransport } from '@/lib/mail/transport';
import { contactMailTimeline, traceThreadTimeline } from '@/lib/mailbox/timeline';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';
import { startResendStandIn } from '../helpers/resend-stand-in';

const KEY = 're_test_status_0123456789';
let db: Database;
let standIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  db = await useTestDatabase();
  standIn = await startResendStandIn(KEY);
});
afterAll(() => standIn.close());

async function guestOfNewCampsite() {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant);
  return { campsiteId: account.campsite.id, guest, account };
}

const historyStatuses = async (campsiteId: string, contactId: string) =>
  Object.fromEntries((await contactMailTimeline(ctxFor(db, { campsiteId }), { contactId })).items.map((item) => [item.subject.split(' - ')[0], item.status]));

describe('the contact’s mail history and the outbox', () => {
  it('say the same of a mail captured for lack of a provider key: not sent', async () => {
    const { campsiteId, guest } = await guestOfNewCampsite();
    const queued = await enqueueMail(ctxFor(db, { campsiteId }), { kind: 'staff', to: [guest.email!], subject: 'Anteprima', html: '<p>Ciao</p>' });
    expect(await historyStatuses(campsiteId, guest.id)).toEqual({ Anteprima: 'pending' });
    await deliverDue(db, captureTransport, { campsiteId });
    const outbox = await listOutbox(ctxFor(db, { campsiteId }));
    expect(outbox.items.map((mail) => outboxMailStatus(mail.status))).toEqual(['captured']);
    expect(await historyStatuses(campsiteId, guest.id)).toEqual({ Anteprima: 'captured' });
    const thread = await traceThreadTimeline(ctxFor(db, { campsiteId }), { threadId: queued.referenceId });
    expect(thread.map((item) => item.status)).toEqual(['captured']);
  });

  it('say sent only for a mail the provider took', async () => {
    const { campsiteId, guest } = await guestOfNewCampsite();
    await enqueueMail(ctxFor(db, { campsiteId }), { kind: 'staff', to: [guest.email!], subject: 'Spedita', html: '<p>Ciao</p>' });
    await deliverDue(db, resendTransport(KEY, standIn.baseUrl), { campsiteId });
    expect((await listOutbox(ctxFor(db, { campsiteId }))).items.map((mail) => outboxMailStatus(mail.status))).toEqual(['sent']);
    expect(await historyStatuses(campsiteId, guest.id)).toEqual({ Spedita: 'sent' });
  });
});

describe('the campsite’s own notice of an acceptance', () => {
  it('is in the outbox but not in the guest’s history, where the guest’s confirmation is', async () => {
    const { campsiteId, guest, account } = await guestOfNewCampsite();
    await db.update(campsites).set({ contacts: { email: `ufficio-${unique()}@camping.example`, phone: '', whatsapp: '', address: '', policyLink: '' } }).where(eq(campsites.id, campsiteId));
    const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Estate', saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform);
    await queueAcceptanceMails(jobCtxFor(db, campsiteId), { guest, locale: 'it', origin: 'http://localhost', quote, offer: 'Piazzola', guestOffer: 'Piazzola' });
    const kinds = (await listOutbox(ctxFor(db, { campsiteId }))).items.map((mail) => mail.kind).sort();
    expect(kinds).toEqual(['acceptance-campsite', 'acceptance-guest']);
    const history = await contactMailTimeline(ctxFor(db, { campsiteId }), { contactId: guest.id });
    expect(history.items).toHaveLength(1);
    expect(history.items[0]!.to).toEqual([guest.email]);
  });
});
