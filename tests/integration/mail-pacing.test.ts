import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { deliverDue } from '@/lib/mail/delivery';
import { env } from '@/lib/env';
import { enqueueMail } from '@/lib/mail/outbox';
import { resendTransport } from '@/lib/mail/resend-transport';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { mailboxTransports } from '@/lib/workflows/outbox-delivery';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';
import { busiestSecond } from '../helpers/resend-batch-stand-in';
import { startResendStandIn } from '../helpers/resend-stand-in';
import { useMailServers } from '../helpers/mail-servers';

const KEY = 're_test_pacing_0123456789';
/** The stand-in's limit and ours: faster than Resend's default 2, so that 60 mails take seconds, not half a minute. */
const RATE = 10;

let db: Database;
let standIn: Awaited<ReturnType<typeof startResendStandIn>>;
// On PostgreSQL the second deliverer has a pool of its own, as another instance would: the two
// share the key's turns only through the database.
const otherInstance = process.env.DATABASE_URL ? openDatabase({ url: process.env.DATABASE_URL }) : null;

const USER = 'reception@camping-ritmo.test';
const PASSWORD = 'Segreta-ritmo-1';
const servers = useMailServers({ [USER]: PASSWORD });

beforeAll(async () => {
  db = await useTestDatabase();
  standIn = await startResendStandIn(KEY, { ratePerSecond: RATE });
});
afterAll(async () => {
  await standIn?.close();
  await otherInstance?.close();
});

const resend = () => resendTransport(KEY, standIn.baseUrl, undefined, RATE);

describe('the outbox keeps its provider’s pace', () => {
  it('sends a burst of 60 guest confirmations from two instances without one 429, and a staff mail queued in the middle does not wait for the burst', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    const guest = await makeGuest(db, tenant);
    const ctx = ctxFor(db, tenant);
    for (let i = 0; i < 60; i++) {
      await enqueueMail(ctx, { kind: 'contact-confirmation', to: [`conferma-${i}-${guest.email}`], subject: 'Grazie per la richiesta', html: '<p>x</p>' });
    }
    const deliverers = [db, otherInstance?.db ?? db].map((handle) => deliverDue(handle, resend(), { campsiteId: campsite.id }));

    // The staff mail is queued once the burst is under way.
    while (standIn.delivered.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    await enqueueMail(ctx, { kind: 'staff', to: ['direzione@camping-ritmo.test'], subject: 'Nuovo utente', html: '<p>x</p>' });
    const queuedAfter = standIn.delivered.length;
    const reports = await Promise.all(deliverers);

    expect(reports.reduce((sum, report) => sum + report.delivered, 0)).toBe(61);
    expect(standIn.calls.filter((call) => call.status === 429)).toHaveLength(0);
    expect(busiestSecond(standIn.calls)).toBeLessThanOrEqual(RATE);
    const staffAt = standIn.delivered.findIndex((mail) => mail.body.subject.startsWith('Nuovo utente'));
    // Each instance may finish the small batch it holds (two seconds' worth) before it claims the staff mail first.
    expect(staffAt - queuedAfter).toBeLessThanOrEqual(2 * 2 * RATE);
    expect(standIn.delivered.length - 1 - staffAt).toBeGreaterThanOrEqual(10);
    const rows = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.campingId, campsite.id));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});

describe('a campsite’s own mailbox keeps its own pace', () => {
  it('sends six quotes through its SMTP no faster than MAILBOX_RATE_PER_SECOND, while Resend’s turns stay free for the others', async () => {
    const { campsite, user, tenant } = await makeQuotesAccount(db);
    await bindImapMailbox(ctxFor(db, { campsiteId: campsite.id, userId: user.id }), { address: USER, settings: servers.settings(USER), password: PASSWORD });
    const guest = await makeGuest(db, tenant);
    for (let i = 0; i < 6; i++) {
      await enqueueMail(ctxFor(db, tenant), { kind: 'quote', to: [guest.email!], subject: `Preventivo ${i}`, html: '<p>x</p>', contactId: guest.id });
    }
    const callsBefore = standIn.calls.length;
    const report = await deliverDue(db, resend(), { campsiteId: campsite.id, campsiteTransports: mailboxTransports(db) });

    expect(report.delivered).toBe(6);
    const received = servers.smtp.received.filter((mail) => mail.envelope.to.includes(guest.email!));
    expect(received).toHaveLength(6);
    expect(busiestSecond(received)).toBeLessThanOrEqual(Math.ceil(env().MAILBOX_RATE_PER_SECOND));
    expect(standIn.calls.length).toBe(callsBefore);
  });
});
