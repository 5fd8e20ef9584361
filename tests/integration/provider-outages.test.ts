import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailOutbox } from '@/db/schema';
import { HttpBookingPlatform } from '@/lib/booking-platform/http-platform';
import { parseEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { backoffMs, deliverDue } from '@/lib/mail/delivery';
import { enqueueMail } from '@/lib/mail/outbox';
import { getOutboxMail, listOutbox } from '@/lib/mail/outbox-view';
import { resendTransport } from '@/lib/mail/resend-transport';
import { TransportError } from '@/lib/mail/transport';
import { googleJson } from '@/lib/mailbox/gmail/http';
import { resendNewsletterProvider } from '@/lib/newsletter/provider';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { startResendBatchStandIn } from '../helpers/resend-batch-stand-in';
import { startResendStandIn } from '../helpers/resend-stand-in';

const KEY = 're_test_0123456789abcdef';
const TIMEOUT_MS = 300;
let db: Database;
let resend: Awaited<ReturnType<typeof startResendStandIn>>;
let hanging: { url: string; close: () => Promise<void> };
let refusing: string;

/** A server that takes every call and never answers: a provider that hangs. */
async function startHangingServer() {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An address where nothing listens any more: a provider that refuses connections. */
async function refusingUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  db = await useTestDatabase();
  resend = await startResendStandIn(KEY);
  hanging = await startHangingServer();
  refusing = await refusingUrl();
});
afterAll(async () => {
  await resend.close();
  await hanging.close();
});

/** Measures how long a promise took to settle, and how. */
async function timed<T>(promise: Promise<T>): Promise<{ ms: number; error: unknown; value?: T }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { ms: performance.now() - started, error: undefined, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe('timeouts of outgoing calls come from the environment, checked at start-up', () => {
  it('has defaults and refuses a value that is not a sensible number of milliseconds', () => {
    expect(parseEnv({})).toMatchObject({ MAIL_PROVIDER_TIMEOUT_MS: 15_000, GMAIL_TIMEOUT_MS: 20_000, BOOKING_PLATFORM_TIMEOUT_MS: 10_000 });
    expect(parseEnv({ MAIL_PROVIDER_TIMEOUT_MS: '2500' }).MAIL_PROVIDER_TIMEOUT_MS).toBe(2500);
    expect(() => parseEnv({ GMAIL_TIMEOUT_MS: 'presto' })).toThrow(/GMAIL_TIMEOUT_MS: deve essere un numero di millisecondi/);
    expect(() => parseEnv({ BOOKING_PLATFORM_TIMEOUT_MS: '10' })).toThrow(/BOOKING_PLATFORM_TIMEOUT_MS: almeno 100 ms/);
  });
});

describe('the mail provider hangs or refuses: the outbox keeps the mail and delivers it later', () => {
  for (const fault of ['hangs', 'refuses'] as const) {
    it(`Resend ${fault}: the attempt gives up, the staff see it waiting with the reason, the next run delivers it once`, async () => {
      const campsite = await makeCampsite(db);
      const email = `ospite-${fault}-${Date.now()}@example.it`;
      await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Anna', lastName: 'Verdi', email });
      const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [email], subject: `Preventivo (${fault})`, html: '<p>x</p>' });

      const down = resendTransport(KEY, fault === 'hangs' ? resend.baseUrl : refusing, TIMEOUT_MS);
      if (fault === 'hangs') resend.force({ hang: true });
      const attempt = await timed(deliverDue(db, down, { campsiteId: campsite.id }));
      expect(attempt.value).toEqual({ delivered: 0, retrying: 1, failed: 0 });
      expect(attempt.ms).toBeLessThan(TIMEOUT_MS + 2_000);

      // What the staff's outbox shows: waiting, one attempt, and why in words.
      const [listed] = (await listOutbox(ctxFor(db, { campsiteId: campsite.id }))).items;
      expect(listed).toMatchObject({ id: queued.outboxId, status: 'pending', attempts: 1 });
      const { mail } = await getOutboxMail(ctxFor(db, { campsiteId: campsite.id }), queued.outboxId);
      expect(mail.lastError).toMatch(fault === 'hangs' ? /^Resend non ha risposto entro 0,3 secondi/ : /^Resend: /);
      expect(resend.delivered.filter((sent) => sent.body.to.includes(email))).toHaveLength(0);

      // The provider is back; the next run after the backoff delivers it.
      const back = await deliverDue(db, resendTransport(KEY, resend.baseUrl, TIMEOUT_MS), { campsiteId: campsite.id, now: new Date(Date.now() + backoffMs(1) + 1000) });
      expect(back).toEqual({ delivered: 1, retrying: 0, failed: 0 });
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.outboxId));
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(resend.delivered.filter((sent) => sent.body.to.includes(email))).toHaveLength(1);
    });
  }

  it('a newsletter batch whose answer never comes: the call gives up, the retry with the same key is not delivered twice', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const batch = await startResendBatchStandIn({ apiKey: KEY, ratePerSecond: 100, beforeAnswer: async (call) => (call === 1 ? (await held, 'drop') : 'answer') });
    try {
      const provider = resendNewsletterProvider(KEY, batch.baseUrl, TIMEOUT_MS);
      const mails = [{ from: 'news@camping.example', to: 'anna@example.it', subject: 'Estate', html: '<p>Ciao</p>', headers: {} }];
      const first = await timed(provider.sendBatch(mails, 'batch-lenta-1'));
      expect(first.error).toBeInstanceOf(TransportError);
      expect(first.error).toMatchObject({ retryable: true, message: expect.stringMatching(/^Resend non ha risposto entro 0,3 secondi/) });
      expect(first.ms).toBeLessThan(TIMEOUT_MS + 2_000);
      const again = await provider.sendBatch(mails, 'batch-lenta-1');
      expect(again.ids).toHaveLength(1);
      expect(batch.delivered).toHaveLength(1);
    } finally {
      release();
      await batch.close();
    }
  });
});

describe('Gmail and the booking platform hang or refuse: the call fails after its timeout with a clear message', () => {
  it('Gmail hangs: the call gives up after the timeout and says so', async () => {
    const result = await timed(googleJson(`${hanging.url}/gmail/v1/users/me/profile`, {}, TIMEOUT_MS));
    // The staff read what happens next; the call that hung stays in the cause, for the log.
    expect((result.error as Error).message).toBe('Google non ha risposto entro 0,3 secondi: il CRM riprova da solo tra poco.');
    expect(String((result.error as Error).cause)).toContain('/gmail/v1/users/me/profile');
    expect(result.ms).toBeLessThan(TIMEOUT_MS + 2_000);
    await expect(googleJson(`${refusing}/gmail/v1/users/me/profile`, {}, TIMEOUT_MS)).rejects.toThrow();
  });

  it('the booking platform hangs or refuses: an Italian «unavailable», within the timeout', async () => {
    const request = { arrival: '2027-07-10', departure: '2027-07-17', typologyId: '7', people: 2 };
    const hung = await timed(new HttpBookingPlatform({ url: hanging.url, clientKey: 'chiave-di-prova-0123456789', timeoutMs: TIMEOUT_MS }).availability('camp-1', request));
    expect(hung.error).toBeInstanceOf(AppError);
    expect(hung.error).toMatchObject({ kind: 'unavailable', message: 'La piattaforma di prenotazione non ha risposto in tempo. Riprova tra qualche minuto.' });
    // A timeout is not retried: one wait, not two.
    expect(hung.ms).toBeLessThan(2 * TIMEOUT_MS + 500);
    const refused = await timed(new HttpBookingPlatform({ url: refusing, clientKey: 'chiave-di-prova-0123456789', timeoutMs: TIMEOUT_MS }).availability('camp-1', request));
    expect(refused.error).toMatchObject({ kind: 'unavailable', message: 'La piattaforma di prenotazione non è raggiungibile. Riprova tra qualche minuto.' });
  });
});
