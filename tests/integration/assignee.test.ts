import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, contacts, followUps, notifications, quotes } from '@/db/schema';
import { classifyError } from '@/lib/error-classification';
import { staffContext } from '@/lib/context/unit-of-work';
import { countDue, openFollowUpsFor } from '@/lib/follow-ups/service';
import { assignQuoteToStaff as assignQuote } from '@/lib/workflows/assign-quote';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';

let db: Database;
let campsiteId: string;
let me: Awaited<ReturnType<typeof makeUser>>;
let colleague: Awaited<ReturnType<typeof makeUser>>;
let stranger: Awaited<ReturnType<typeof makeUser>>;
let quoteId: string;
let strangerQuoteId: string;

const ctx = (user = me) => staffContext(tenantOf(user), db);
const assigned = async (id = quoteId) => (await db.select({ assigneeId: quotes.assigneeId }).from(quotes).where(eq(quotes.id, id)))[0].assigneeId;
const notices = () => db.select().from(notifications).where(and(eq(notifications.campingId, campsiteId), eq(notifications.quoteId, quoteId)));

beforeAll(async () => {
  db = await useTestDatabase();
  const home = await makeCampsite(db);
  campsiteId = home.id;
  me = await makeUser(db, home.id, { name: 'Anna Reception' });
  colleague = await makeUser(db, home.id, { name: 'Marco Cassa' });
  const other = await makeCampsite(db);
  stranger = await makeUser(db, other.id);
  const [guest] = await db.insert(contacts).values({ campingId: home.id, firstName: 'Greta' }).returning();
  const [quote] = await db.insert(quotes).values({ campingId: home.id, contactId: guest.id, name: 'Agosto', progress: 'richiesta' }).returning();
  quoteId = quote.id;
  const [foreignGuest] = await db.insert(contacts).values({ campingId: other.id, firstName: 'Estraneo' }).returning();
  const [foreignQuote] = await db.insert(quotes).values({ campingId: other.id, contactId: foreignGuest.id }).returning();
  strangerQuoteId = foreignQuote.id;
});

const handOvers = () => db.select().from(followUps).where(and(eq(followUps.quoteId, quoteId), eq(followUps.suggestion, 'assegnato')));

describe('«In carico a»', () => {
  it('assigns a request to a colleague: audited, the bell tells him once; the same again changes nothing', async () => {
    expect(await assignQuote(ctx(), { quoteId, userId: colleague.id })).toBe(true);
    expect(await assigned()).toBe(colleague.id);
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Richiesta assegnata', group: 'richiesta' });
    expect(sent[0].description).toContain('in carico a Marco Cassa');
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'quote.assign'), eq(auditLog.entityId, quoteId)));
    expect(entry).toMatchObject({ actorUserId: me.id, before: { assignee: '' }, after: { assignee: 'Marco Cassa' } });
    expect(await assignQuote(ctx(), { quoteId, userId: colleague.id })).toBe(false);
    expect(await notices()).toHaveLength(1);
    // His own to-do, due at once: his counter and «Da fare oggi» say it, mine do not.
    const [todo] = await openFollowUpsFor(ctx(colleague), new Date());
    expect(todo).toMatchObject({ quoteId, subject: 'request', note: 'Assegnato a te da Anna Reception.', assigneeId: colleague.id });
    expect(await countDue(ctx(colleague))).toBe(1);
    expect(await countDue(ctx())).toBe(0);
  });

  it('taking it oneself or giving it back to nobody notifies nobody', async () => {
    await assignQuote(ctx(), { quoteId, userId: me.id });
    expect(await assigned()).toBe(me.id);
    // The colleague's to-do went with the quote.
    expect(await countDue(ctx(colleague))).toBe(0);
    await assignQuote(ctx(), { quoteId, userId: null });
    expect(await assigned()).toBeNull();
    expect(await notices()).toHaveLength(1);
  });

  it('handing it over again moves the one to-do to the new owner, open again even if the last one was done', async () => {
    const third = await makeUser(db, campsiteId, { name: 'Sara Ufficio' });
    await assignQuote(ctx(), { quoteId, userId: colleague.id });
    const [todo] = await openFollowUpsFor(ctx(colleague), new Date());
    await db.update(followUps).set({ doneAt: new Date() }).where(eq(followUps.id, todo.id));
    await assignQuote(ctx(colleague), { quoteId, userId: third.id });
    expect(await countDue(ctx(colleague))).toBe(0);
    expect(await openFollowUpsFor(ctx(third), new Date())).toMatchObject([{ id: todo.id, note: 'Assegnato a te da Marco Cassa.' }]);
    expect(await handOvers()).toHaveLength(1);
    await assignQuote(ctx(third), { quoteId, userId: null });
    expect(await countDue(ctx(third))).toBe(0);
  });

  it('refuses another campsite’s user beside the field, and another campsite’s quote, nothing changed', async () => {
    const error = classifyError(await assignQuote(ctx(), { quoteId, userId: stranger.id }).catch((caught: unknown) => caught));
    expect(error).toMatchObject({ status: 404, message: 'Utente non trovato in questo campeggio.' });
    expect(error?.details?.field).toBe('userId');
    expect(await assigned()).toBeNull();
    const foreign = classifyError(await assignQuote(ctx(), { quoteId: strangerQuoteId, userId: me.id }).catch((caught: unknown) => caught));
    expect(foreign?.status).toBe(404);
    expect(await assigned(strangerQuoteId)).toBeNull();
    expect(classifyError(await assignQuote(ctx(stranger), { quoteId, userId: stranger.id }).catch((caught: unknown) => caught))?.status).toBe(404);
    expect(await assigned()).toBeNull();
  });
});
