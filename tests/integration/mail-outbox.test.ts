import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, contacts, mailOutbox, mailTraces, providerSendSlots } from '@/db/schema';
import { backoffMs, deliverDue, SENDING_LEASE_MS } from '@/lib/mail/delivery';
import { enqueueMail } from '@/lib/mail/outbox';
import { resendTransport } from '@/lib/mail/resend-transport';
import { sendSlotKey } from '@/lib/mail/send-slots';
import { captureTransport } from '@/lib/mail/transport';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { startResendStandIn } from '../helpers/resend-stand-in';

const KEY = 're_test_0123456789abcdef';
let db: Database;
let standIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  db = await useTestDatabase();
  standIn = await startResendStandIn(KEY);
});
afterAll(() => standIn.close());

const resend = () => resendTransport(KEY, standIn.baseUrl);
const later = (ms: number) => new Date(Date.now() + ms);

async function campsiteWithGuest(email = `ospite-${Math.random().toString(36).slice(2)}@example.de`) {
  const campsite = await makeCampsite(db);
  const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Jonas', lastName: 'Weber', email }).returning();
  return { campsite, guest };
}

const outboxRow = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const deliveriesTo = (address: string) => standIn.delivered.filter((mail) => mail.body.to.includes(address));

describe('traces', () => {
  it('a mail is traced on the contact found by the first recipient, in the same campsite only', async () => {
    const { campsite, guest } = await campsiteWithGuest('Jonas.Weber@Example.de');
    const other = await campsiteWithGuest('jonas.weber@example.de');
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'staff', to: ['jonas.weber@example.de', 'altro@example.de'], subject: 'Ciao', html: '<p>Ciao</p>' });
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, queued.traceId!));
    expect(trace.contactId).toBe(guest.id);
    expect(trace.contactId).not.toBe(other.guest.id);
    expect(trace.subject).toBe(`Ciao - RIF.: ${queued.referenceId} [CRM]`);
    expect(trace.isSent).toBe(false);

    await deliverDue(db, captureTransport, { campsiteId: campsite.id });
    const [after] = await db.select().from(mailTraces).where(eq(mailTraces.id, queued.traceId!));
    expect(after.isSent).toBe(true);
    expect((await outboxRow(queued.outboxId)).status).toBe('captured');
  });

  it('a given contact id wins over the address; an unknown address leaves the trace without contact', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const given = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'staff', to: ['nessuno@example.it'], subject: 'A', html: 'a', contactId: guest.id });
    const unknown = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'staff', to: ['nessuno@example.it'], subject: 'B', html: 'b' });
    const traces = await db.select().from(mailTraces).where(eq(mailTraces.campingId, campsite.id));
    expect(traces.find((trace) => trace.id === given.traceId)?.contactId).toBe(guest.id);
    expect(traces.find((trace) => trace.id === unknown.traceId)?.contactId).toBeNull();
  });

  it('a newsletter carries no reference and leaves no trace', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'newsletter', to: [guest.email!], subject: 'Novità 2027', html: 'n' });
    expect(queued.traceId).toBeNull();
    expect((await outboxRow(queued.outboxId)).subject).toBe('Novità 2027');
  });

  it('a mail is written with the change that caused it: a rolled-back change leaves no mail', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(ctxFor(tx, { campsiteId: campsite.id }), { kind: 'staff', to: [guest.email!], subject: 'Mai', html: 'x' });
        throw new Error('la modifica fallisce');
      }),
    ).rejects.toThrow('la modifica fallisce');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsite.id))).toHaveLength(0);
    expect(await db.select().from(mailTraces).where(eq(mailTraces.campingId, campsite.id))).toHaveLength(0);
  });
});

describe('delivery through Resend (local stand-in)', () => {
  it('sends with the idempotency key, the reply-to and the campsite’s count', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Preventivo', html: '<p>x</p>', replyTo: 'info@camping.example' });
    await deliverDue(db, resend(), { campsiteId: campsite.id });
    const [mail] = deliveriesTo(guest.email!);
    const row = await outboxRow(queued.outboxId);
    expect(mail.idempotencyKey).toBe(row.idempotencyKey);
    expect([mail.body.reply_to].flat()).toEqual(['info@camping.example']);
    expect(row.status).toBe('sent');
    expect(row.providerMessageId).toBe(mail.id);
    const [after] = await db.select({ count: campsites.monthlyEmailSent }).from(campsites).where(eq(campsites.id, campsite.id));
    expect(after.count).toBe(1);
  });

  it('a crash after the commit and before delivery: the next run delivers it exactly once', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    // The process "dies" right after the transaction: nothing was delivered yet.
    const queued = await db.transaction((tx) => enqueueMail(ctxFor(tx, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Dopo il crash', html: 'x' }));
    expect(deliveriesTo(guest.email!)).toHaveLength(0);
    await deliverDue(db, resend(), { campsiteId: campsite.id });
    await deliverDue(db, resend(), { now: later(2 * SENDING_LEASE_MS), campsiteId: campsite.id });
    expect(deliveriesTo(guest.email!)).toHaveLength(1);
    expect((await outboxRow(queued.outboxId)).status).toBe('sent');
  });

  it('an answer lost after Resend accepted: the retry reuses the key and Resend does not deliver twice', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Risposta persa', html: 'x' });
    standIn.force({ drop: true });
    const first = await deliverDue(db, resend(), { campsiteId: campsite.id });
    expect(first.retrying).toBe(1);
    expect((await outboxRow(queued.outboxId)).status).toBe('pending');
    await deliverDue(db, resend(), { now: later(backoffMs(1) + 1000), campsiteId: campsite.id });
    expect(deliveriesTo(guest.email!)).toHaveLength(1);
    const row = await outboxRow(queued.outboxId);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
  });

  it('a mail left "sending" by a process that died mid-send is taken again after its lease, with the same key', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Lease', html: 'x' });
    await db.update(mailOutbox).set({ status: 'sending', attempts: 1, nextAttemptAt: later(SENDING_LEASE_MS) }).where(eq(mailOutbox.id, queued.outboxId));
    expect((await deliverDue(db, resend(), { campsiteId: campsite.id })).delivered).toBe(0);
    await deliverDue(db, resend(), { now: later(SENDING_LEASE_MS + 1000), campsiteId: campsite.id });
    expect(deliveriesTo(guest.email!)).toHaveLength(1);
  });

  it('a 429 waits at least as long as Retry-After asks, holds the key for every instance meanwhile, then is retried and delivered', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Troppe richieste', html: 'x' });
    standIn.force({ status: 429, name: 'rate_limit_exceeded', message: 'Too many requests', retryAfter: '120' });
    const before = Date.now();
    expect((await deliverDue(db, resend(), { campsiteId: campsite.id })).retrying).toBe(1);
    const waiting = await outboxRow(queued.outboxId);
    expect(waiting.status).toBe('pending');
    expect(waiting.lastError).toContain('rate_limit_exceeded');
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    // No other mail under this key leaves meanwhile (up to a minute, then the turns resume).
    const [slot] = await db.select().from(providerSendSlots).where(eq(providerSendSlots.keyHash, sendSlotKey(KEY)));
    expect(slot.heldUntil!.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    // The rows' clock is moved by `now`; the turns' clock is the database's, so the hold is lifted by hand.
    await db.delete(providerSendSlots).where(eq(providerSendSlots.keyHash, sendSlotKey(KEY)));
    expect((await deliverDue(db, resend(), { now: later(60_000), campsiteId: campsite.id })).delivered).toBe(0);
    expect((await deliverDue(db, resend(), { now: later(121_000), campsiteId: campsite.id })).delivered).toBe(1);
    expect(deliveriesTo(guest.email!)).toHaveLength(1);
  });

  it('a refusal that will not change (422) fails at once and is not retried', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Rifiutata', html: 'x' });
    standIn.force({ status: 422, name: 'validation_error', message: 'Invalid `from` field.' });
    expect((await deliverDue(db, resend(), { campsiteId: campsite.id })).failed).toBe(1);
    const row = await outboxRow(queued.outboxId);
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('Invalid `from` field.');
    expect((await deliverDue(db, resend(), { now: later(24 * 3600_000), campsiteId: campsite.id })).delivered).toBe(0);
  });

  it('a wrong key is refused by Resend and the mail is kept as failed, not lost', async () => {
    const { campsite, guest } = await campsiteWithGuest();
    const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [guest.email!], subject: 'Chiave', html: 'x' });
    await deliverDue(db, resendTransport('re_wrong_key_000000', standIn.baseUrl), { campsiteId: campsite.id });
    expect((await outboxRow(queued.outboxId)).status).toBe('failed');
  });
});
