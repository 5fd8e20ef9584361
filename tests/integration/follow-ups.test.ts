import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, contacts, followUps, quoteQuestions, quotes } from '@/db/schema';
import { classifyError } from '@/lib/error-classification';
import { staffContext } from '@/lib/context/unit-of-work';
import { toRomeClock } from '@/lib/campaigns/rome-time';
import { completeFollowUp, countDue, createFollowUp, followUpsOfContact, openFollowUpsFor, reassignFollowUp, snoozeFollowUp } from '@/lib/follow-ups/service';
import { DEFAULT_FOLLOW_UP_RULES, getFollowUpRules, updateFollowUpRules } from '@/lib/follow-ups/rules';
import { settleSuggestion, suggestedFollowUps } from '@/lib/follow-ups/suggestions';
import { createFollowUpSchema } from '@/lib/follow-ups/validation';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

const DAY = 86_400_000;
let db: Database;
let home: Awaited<ReturnType<typeof makeCampsite>>;
let me: Awaited<ReturnType<typeof makeUser>>;
let colleague: Awaited<ReturnType<typeof makeUser>>;
let stranger: Awaited<ReturnType<typeof makeUser>>;
let guestId: string;
let strangerQuoteId: string;
let strangerContactId: string;

const ctx = () => staffContext(tenantOf(me), db);
const ctxOf = (user: typeof me) => staffContext(tenantOf(user), db);
const rome = (at: Date) => ({ date: toRomeClock(at).slice(0, 10), time: toRomeClock(at).slice(11, 16) });
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (caught: unknown) => caught);
  return classifyError(error);
};

async function quote(values: Partial<typeof quotes.$inferInsert> = {}) {
  const [row] = await db.insert(quotes).values({ campingId: home.id, contactId: guestId, name: 'Estate', ...values }).returning();
  return row;
}

beforeAll(async () => {
  db = await useTestDatabase();
  home = await makeCampsite(db);
  me = await makeUser(db, home.id, { name: 'Anna Reception' });
  colleague = await makeUser(db, home.id, { name: 'Marco Cassa' });
  const other = await makeCampsite(db);
  stranger = await makeUser(db, other.id, { name: 'Altro Campeggio' });
  const [guest] = await db.insert(contacts).values({ campingId: home.id, firstName: 'Greta', lastName: 'Bianchi' }).returning();
  guestId = guest.id;
  const [foreignGuest] = await db.insert(contacts).values({ campingId: other.id, firstName: 'Estraneo' }).returning();
  strangerContactId = foreignGuest.id;
  const [foreignQuote] = await db.insert(quotes).values({ campingId: other.id, contactId: foreignGuest.id }).returning();
  strangerQuoteId = foreignQuote.id;
});

describe('follow-ups («Ricordami»)', () => {
  it('refuses bad input in Italian, beside the field', () => {
    const parsed = createFollowUpSchema.safeParse({ subject: 'quote', targetId: 'x', date: '31/12/2026', time: '25:00', note: 'x'.repeat(1001) });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ date: 'Indica la data (gg/mm/aaaa).', time: 'Indica un’ora valida (hh:mm).', note: 'La nota può avere al massimo 1000 caratteri.' });
  });

  it('creates one for tomorrow, for me by default, on a quote and shows it in the guest’s history; due only when its time comes', async () => {
    const now = new Date();
    const q = await quote({ progress: 'inviato' });
    const tomorrow = new Date(now.getTime() + DAY);
    const { id } = await createFollowUp(ctx(), createFollowUpSchema.parse({ subject: 'quote', targetId: q.id, ...rome(tomorrow), note: 'Richiamare per la piazzola' }), now);
    const [row] = await db.select().from(followUps).where(eq(followUps.id, id));
    expect(row).toMatchObject({ assigneeId: me.id, createdById: me.id, quoteId: q.id, contactId: guestId, note: 'Richiamare per la piazzola' });
    expect(Math.abs(row.dueAt.getTime() - tomorrow.getTime())).toBeLessThan(60_000);
    expect(await countDue(ctx(), now)).toBe(0);
    expect(await countDue(ctx(), new Date(tomorrow.getTime() + 60_000))).toBe(1);
    expect((await openFollowUpsFor(ctx(), new Date(tomorrow.getTime() + 60_000))).map((item) => item.label)).toContain('«Estate» · Greta Bianchi');
    expect((await followUpsOfContact(ctx(), guestId)).map((item) => item.id)).toContain(id);
    await completeFollowUp(ctx(), id);
    expect(await countDue(ctx(), new Date(tomorrow.getTime() + 60_000))).toBe(0);
    expect((await followUpsOfContact(ctx(), guestId)).find((item) => item.id === id)?.doneAt).not.toBeNull();
    // Done is done: a second click is refused, nothing changes.
    expect((await refusal(completeFollowUp(ctx(), id)))?.status).toBe(404);
  });

  it('refuses a time already past, nothing written', async () => {
    const before = await db.select().from(followUps).where(eq(followUps.campingId, home.id));
    const error = await refusal(createFollowUp(ctx(), createFollowUpSchema.parse({ subject: 'contact', targetId: guestId, ...rome(new Date(Date.now() - DAY)) })));
    expect(error?.message).toBe('La data e l’ora sono già passate: scegline di future.');
    expect(await db.select().from(followUps).where(eq(followUps.campingId, home.id))).toHaveLength(before.length);
  });

  it('snoozes 1 day, 3 days or to next Monday 09:00 Rome, counted from now', async () => {
    const now = new Date('2026-11-25T10:30:00Z'); // a Wednesday, 11:30 in Rome
    const { id } = await createFollowUp(ctx(), { subject: 'contact', targetId: guestId, date: '2026-11-25', time: '12:00', note: '', assigneeId: null }, now);
    expect((await snoozeFollowUp(ctx(), { id, by: '1g' }, now)).dueAt.toISOString()).toBe('2026-11-26T10:30:00.000Z');
    expect((await snoozeFollowUp(ctx(), { id, by: '3g' }, now)).dueAt.toISOString()).toBe('2026-11-28T10:30:00.000Z');
    expect((await snoozeFollowUp(ctx(), { id, by: 'settimana' }, now)).dueAt.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // Across the end of summer time: 3 days later keeps 11:30 on Rome's clock.
    const october = new Date('2026-10-23T09:30:00Z');
    expect((await snoozeFollowUp(ctx(), { id, by: '3g' }, october)).dueAt.toISOString()).toBe('2026-10-26T10:30:00.000Z');
  });

  it('reassigns to a colleague: his count, no longer mine', async () => {
    const now = new Date();
    const { id } = await createFollowUp(ctx(), { subject: 'contact', targetId: guestId, ...rome(new Date(now.getTime() + 120_000)), note: 'Per Marco', assigneeId: null }, now);
    const later = new Date(now.getTime() + 10 * 60_000);
    const mine = await countDue(ctx(), later);
    await reassignFollowUp(ctx(), { id, assigneeId: colleague.id });
    expect(await countDue(ctx(), later)).toBe(mine - 1);
    expect((await openFollowUpsFor(ctxOf(colleague), later)).map((item) => item.note)).toContain('Per Marco');
  });

  it('keeps the tenant wall: another campsite’s quote, contact, user or follow-up is not found, nothing written', async () => {
    const count = async () => (await db.select().from(followUps)).length;
    const before = await count();
    const when = rome(new Date(Date.now() + DAY));
    expect((await refusal(createFollowUp(ctx(), { subject: 'quote', targetId: strangerQuoteId, ...when, note: '', assigneeId: null })))?.status).toBe(404);
    expect((await refusal(createFollowUp(ctx(), { subject: 'contact', targetId: strangerContactId, ...when, note: '', assigneeId: null })))?.status).toBe(404);
    const foreignUser = await refusal(createFollowUp(ctx(), { subject: 'contact', targetId: guestId, ...when, note: '', assigneeId: stranger.id }));
    expect(foreignUser?.message).toBe('Utente non trovato in questo campeggio.');
    const { id } = await createFollowUp(ctx(), { subject: 'contact', targetId: guestId, ...when, note: '', assigneeId: null });
    expect((await refusal(completeFollowUp(ctxOf(stranger), id)))?.status).toBe(404);
    expect((await refusal(snoozeFollowUp(ctxOf(stranger), { id, by: '1g' })))?.status).toBe(404);
    expect((await refusal(reassignFollowUp(ctx(), { id, assigneeId: stranger.id })))?.status).toBe(404);
    expect(await count()).toBe(before + 1);
    const [row] = await db.select().from(followUps).where(eq(followUps.id, id));
    expect(row.doneAt).toBeNull();
    expect(row.assigneeId).toBe(me.id);
  });
});

describe('suggested follow-ups', () => {
  const kinds = async (quoteId: string, now: Date) => (await suggestedFollowUps(ctx(), now, 200)).filter((item) => item.quoteId === quoteId).map((item) => item.suggestion);

  it('a sent quote never opened: suggested after 3 days, not before; never again once accepted', async () => {
    const now = new Date();
    const q = await quote({ progress: 'inviato', sentAt: new Date(now.getTime() - 2 * DAY) });
    expect(await kinds(q.id, now)).toEqual([]);
    expect(await kinds(q.id, new Date(now.getTime() + 1.1 * DAY))).toEqual(['non_aperto']);
    const later = new Date(now.getTime() + 1.1 * DAY);
    expect(await settleSuggestion(ctx(), { quoteId: q.id, suggestion: 'non_aperto', accept: true }, later)).toBe(true);
    expect(await kinds(q.id, later)).toEqual([]);
    const [row] = await db.select().from(followUps).where(and(eq(followUps.quoteId, q.id), eq(followUps.suggestion, 'non_aperto')));
    expect(row).toMatchObject({ assigneeId: me.id, dismissedAt: null, doneAt: null });
    expect(await countDue(ctx(), later)).toBeGreaterThan(0);
  });

  it('follows the campsite’s rules, which its admin changes (audited) and staff cannot', async () => {
    const admin = await makeUser(db, home.id, { isAdmin: true });
    expect((await refusal(updateFollowUpRules(ctxOf(colleague), home.id, { notOpenedDays: 1, notAnsweredDays: 1, validityEndingDays: 1 })))?.status).toBe(403);
    expect(await getFollowUpRules(ctx(), home.id)).toEqual(DEFAULT_FOLLOW_UP_RULES);
    await updateFollowUpRules(ctxOf(admin), home.id, { notOpenedDays: 10, notAnsweredDays: 3, validityEndingDays: 2 });
    expect(await getFollowUpRules(ctx())).toEqual({ notOpenedDays: 10, notAnsweredDays: 3, validityEndingDays: 2 });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.campingId, home.id), eq(auditLog.action, 'campsite.settings.follow-ups')));
    expect(entry?.actorUserId).toBe(admin.id);
    const q = await quote({ progress: 'inviato', sentAt: new Date(Date.now() - 5 * DAY) });
    expect(await kinds(q.id, new Date())).toEqual([]);
    expect(await kinds(q.id, new Date(Date.now() + 6 * DAY))).toEqual(['non_aperto']);
    await updateFollowUpRules(ctxOf(admin), home.id, DEFAULT_FOLLOW_UP_RULES);
  });

  it('an opened quote not answered; a guest question since silences it', async () => {
    const now = new Date();
    const q = await quote({ progress: 'letto', sentAt: new Date(now.getTime() - 6 * DAY), readAt: new Date(now.getTime() - 4 * DAY) });
    expect(await kinds(q.id, now)).toEqual(['senza_risposta']);
    const [question] = await db.insert(quoteQuestions).values({ campingId: home.id, quoteId: q.id, contactId: guestId, author: 'guest', body: 'Cani ammessi?' }).returning();
    // The question itself is now what waits for an answer.
    expect(await kinds(q.id, now)).toEqual(['domanda_senza_risposta']);
    await db.insert(quoteQuestions).values({ campingId: home.id, quoteId: q.id, contactId: guestId, author: 'staff', questionId: question.id, body: 'Sì' });
    expect(await kinds(q.id, now)).toEqual([]);
  });

  it('a validity ending within 2 days; dismissed, it never returns', async () => {
    const now = new Date();
    const q = await quote({ progress: 'inviato', sentAt: now, readAt: null, validUntil: new Date(now.getTime() + 3 * DAY) });
    expect(await kinds(q.id, now)).toEqual([]);
    const soon = new Date(now.getTime() + 1.5 * DAY);
    expect(await kinds(q.id, soon)).toEqual(['validita_in_scadenza']);
    expect(await settleSuggestion(ctx(), { quoteId: q.id, suggestion: 'validita_in_scadenza', accept: false }, soon)).toBe(true);
    expect(await kinds(q.id, soon)).toEqual([]);
    expect((await followUpsOfContact(ctx(), guestId)).some((item) => item.quoteId === q.id)).toBe(false);
  });

  it('a colleague’s quote is his to follow; two concurrent accepts write one row', async () => {
    const now = new Date();
    const q = await quote({ progress: 'inviato', sentAt: new Date(now.getTime() - 5 * DAY), assigneeId: colleague.id });
    expect(await kinds(q.id, now)).toEqual([]);
    expect((await suggestedFollowUps(ctxOf(colleague), now, 200)).filter((item) => item.quoteId === q.id).map((item) => item.suggestion)).toEqual(['non_aperto']);
    const results = await Promise.all([
      settleSuggestion(ctxOf(colleague), { quoteId: q.id, suggestion: 'non_aperto', accept: true }, now),
      settleSuggestion(ctx(), { quoteId: q.id, suggestion: 'non_aperto', accept: true }, now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await db.select().from(followUps).where(eq(followUps.quoteId, q.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].assigneeId).toBe(colleague.id);
  });

  it('another campsite’s quote cannot be accepted or dismissed', async () => {
    expect((await refusal(settleSuggestion(ctx(), { quoteId: strangerQuoteId, suggestion: 'non_aperto', accept: true })))?.status).toBe(404);
    expect(await db.select().from(followUps).where(eq(followUps.quoteId, strangerQuoteId))).toHaveLength(0);
  });
});
