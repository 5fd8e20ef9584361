import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, contacts, mailOutbox, mailTraces, quotes } from '@/db/schema';
import { readCvMailSettings, saveCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import { cvMailSchema, sendCvMail, withSignature } from '@/lib/mail/cv-mail';
import { loadClientMailCvPage, loadEmailCvPage } from '@/lib/mail/cv-mail-page';
import { parseBookingReference, quoteByBookingReference } from '@/lib/quotes/booking-reference';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const unique = () => randomBytes(5).toString('hex');

/** A campsite with its service account and a guest whose quote became booking 2027/<number>. */
async function bookedCampsite(number: string) {
  const campsite = await makeCampsite(db);
  const service = tenantOf(await makeUser(db, campsite.id, { packLevel: 0 }));
  const [guest] = await db
    .insert(contacts)
    .values({ campingId: campsite.id, firstName: 'Anna', lastName: 'Bianchi', email: `ospite-${unique()}@example.it`, languageId: 1 })
    .returning();
  const [quote] = await db
    .insert(quotes)
    .values({ campingId: campsite.id, contactId: guest.id, name: 'Estate al lago', progress: 'convertito', bookingYear: 2027, bookingNumber: number })
    .returning();
  return { campsite, service, guest, quote };
}

describe('booking file lookup (/clientMailCV)', () => {
  it('reads the address segments without trusting them', () => {
    expect(parseBookingReference(undefined)).toEqual({ kind: 'none' });
    expect(parseBookingReference(['2027', '1001'])).toEqual({ kind: 'ok', reference: { year: 2027, number: '1001' } });
    expect(parseBookingReference(['duemila', '1001']).kind).toBe('invalid');
    expect(parseBookingReference(['2027']).kind).toBe('invalid');
    expect(parseBookingReference(['2027', '1001', 'x']).kind).toBe('invalid');
    expect(parseBookingReference(['2027', '%E0%A4%A']).kind).toBe('invalid');
  });

  it('finds the campsite’s own quote only: another campsite’s quote with the same year and number is never found', async () => {
    const number = `N${unique()}`;
    const ours = await bookedCampsite(number);
    const theirs = await bookedCampsite(number);
    const found = await quoteByBookingReference(ctxFor(db, { campsiteId: ours.campsite.id }), { year: 2027, number });
    expect(found).toMatchObject({ quoteId: ours.quote.id, contactId: ours.guest.id, guestEmail: ours.guest.email, guestName: 'Anna Bianchi' });
    expect((await quoteByBookingReference(ctxFor(db, { campsiteId: theirs.campsite.id }), { year: 2027, number }))?.quoteId).toBe(theirs.quote.id);
    expect(await quoteByBookingReference(ctxFor(db, { campsiteId: ours.campsite.id }), { year: 2026, number })).toBeNull();
    const stranger = await makeCampsite(db);
    expect(await quoteByBookingReference(ctxFor(db, { campsiteId: stranger.id }), { year: 2027, number })).toBeNull();

    const page = await loadClientMailCvPage(ctxFor(db, { campsiteId: stranger.id }), ['2027', number], null);
    expect(page).toMatchObject({ status: 'missing', quote: null, start: { to: '', contactId: null, quoteId: null } });
    expect((await loadClientMailCvPage(ctxFor(db, { campsiteId: ours.campsite.id }), ['abcd', number], null)).status).toBe('invalid');
  });
});

describe('CV mail settings', () => {
  it('are saved and read per campsite, by a service account too, with the signature cleaned', async () => {
    const a = await bookedCampsite(`A${unique()}`);
    const b = await bookedCampsite(`B${unique()}`);
    expect(await readCvMailSettings(jobCtxFor(db, a.campsite.id))).toEqual({ oggetto: '', firma: '', mittente: '' });
    await saveCvMailSettings(ctxFor(db, a.service), { oggetto: 'La sua prenotazione', firma: '<p>Camping A</p><script>alert(1)</script>', mittente: 'Camping A' });
    await saveCvMailSettings(ctxFor(db, a.service), { oggetto: 'La sua vacanza', firma: '<p>Camping A</p>', mittente: 'Camping A' });
    await saveCvMailSettings(ctxFor(db, b.service), { oggetto: 'Oggetto B', firma: '', mittente: 'B' });
    expect(await readCvMailSettings(jobCtxFor(db, a.campsite.id))).toEqual({ oggetto: 'La sua vacanza', firma: '<p>Camping A</p>', mittente: 'Camping A' });
    expect(await readCvMailSettings(jobCtxFor(db, b.campsite.id))).toEqual({ oggetto: 'Oggetto B', firma: '', mittente: 'B' });
    const actions = (await db.select().from(auditLog).where(eq(auditLog.campingId, a.campsite.id))).map((entry) => entry.action).sort();
    expect(actions).toEqual(['configuration.add', 'configuration.edit']);
    await expect(saveCvMailSettings(ctxFor(db, a.service), { oggetto: 'x'.repeat(201), firma: '', mittente: '' })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['oggetto'] })] });
  });
});

describe('sending from the CV pages', () => {
  it('sends as /sendMailCV does, linked to the booking, with the signature once and the sender name', async () => {
    const { campsite, service, guest, quote } = await bookedCampsite(`S${unique()}`);
    await saveCvMailSettings(ctxFor(db, service), { oggetto: 'Prenotazione', firma: '<p>Firma del lago</p>', mittente: 'Lago Azzurro' });
    const start = await loadClientMailCvPage(ctxFor(db, { campsiteId: campsite.id }), ['2027', quote.bookingNumber!], null);
    expect(start).toMatchObject({ status: 'found', start: { to: guest.email, subject: 'Prenotazione', contactId: guest.id, quoteId: quote.id }, list: { items: [] } });

    const input = cvMailSchema.parse({ to: start.start.to, subject: 'Arrivo', html: '<p>Vi aspettiamo</p>', contactId: guest.id, quoteId: quote.id });
    const sent = await sendCvMail(ctxFor(db, service), input);
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, sent.traceId));
    expect(trace).toMatchObject({ quoteId: quote.id, contactId: guest.id, recipients: [guest.email] });
    expect(trace.meta).toEqual({ operatore: service.email, tag: 'emailCV', emailCV: guest.email, cliente: guest.id });
    expect(trace.body).toBe('<p>Vi aspettiamo</p><br><p>Firma del lago</p>');
    expect(withSignature(trace.body, '<p>Firma del lago</p>')).toBe(trace.body);
    const [outbox] = await db.select().from(mailOutbox).where(eq(mailOutbox.mailTraceId, sent.traceId));
    expect(outbox.fromAddress).toMatch(/^Lago Azzurro </);

    const after = await loadClientMailCvPage(ctxFor(db, { campsiteId: campsite.id }), ['2027', quote.bookingNumber!], null);
    expect(after.list.items.map((item) => item.id)).toEqual([sent.traceId]);
    const emailCv = await loadEmailCvPage(ctxFor(db, { campsiteId: campsite.id }), { cliente: guest.id, cursor: 'rotto' });
    expect(emailCv.start).toMatchObject({ to: guest.email, subject: 'Prenotazione', contactId: guest.id });
    expect(emailCv.list.items.map((item) => item.id)).toEqual([sent.traceId]);
    const other = await makeCampsite(db);
    expect((await loadEmailCvPage(ctxFor(db, { campsiteId: other.id }), { cliente: guest.id })).start).toMatchObject({ to: '', contactId: null });
    expect((await loadEmailCvPage(ctxFor(db, { campsiteId: other.id }), {})).list.items).toEqual([]);
  });

  it('refuses an empty form with messages for each field', () => {
    const parsed = cvMailSchema.safeParse({ to: '', subject: '', html: '<p></p>' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['html', 'subject', 'to']);
  });
});
