import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { notifications, staySurveys } from '@/db/schema';
import { answerSurvey } from '@/lib/surveys/answer';
import { findSurvey } from '@/lib/surveys/survey';
import { createStaySurvey } from '@/lib/stays/survey-row';
import { COMMENT_MAX } from '@/lib/surveys/validation';
import { guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { makeStaySurvey } from '../helpers/surveys';

let db: Database;
let campsiteId: string;
let otherCampsiteId: string;
beforeAll(async () => {
  db = await useTestDatabase();
  campsiteId = (await makeCampsite(db)).id;
  otherCampsiteId = (await makeCampsite(db)).id;
});

const DAY = 24 * 60 * 60 * 1000;
const answer = (token: string, values: Record<string, unknown>, now?: Date) => answerSurvey(guestCtxFor(db, campsiteId), { token, answer: values }, now);
const rowsOf = (quoteId: string) => db.select().from(staySurveys).where(eq(staySurveys.quoteId, quoteId));
const bellOf = (contactId: string) => db.select().from(notifications).where(and(eq(notifications.campingId, campsiteId), eq(notifications.contactId, contactId)));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { kind?: string; details?: Record<string, unknown> }) => ({ kind: error.kind, ...error.details }));

describe('the stay survey row', () => {
  it('is made once per stay, with an unguessable token, the stay and the guest language', async () => {
    const made = await makeStaySurvey(db, campsiteId, { languageId: 3, typologyName: 'Mobile home', arrival: '2026-08-02', departure: '2026-08-09' });
    expect(made.token.length).toBeGreaterThanOrEqual(43);
    expect(made.path).toBe(`/sondaggio/${campsiteId}/${made.token}`);
    const again = await createStaySurvey(jobCtxFor(db, campsiteId), { quoteId: made.quote.id });
    expect(again.token).toBe(made.token);
    const [row] = await rowsOf(made.quote.id);
    expect(row).toMatchObject({ season: 2026, typologyName: 'Mobile home', arrival: '2026-08-02', departure: '2026-08-09', languageId: 3, score: null });
    expect((await findSurvey(guestCtxFor(db, campsiteId), made.token)).locale).toBe('de');
  });
});

describe('answering a survey', () => {
  it('keeps one answer per stay: a second answer changes the first, within 7 days of it', async () => {
    const { token, quote } = await makeStaySurvey(db, campsiteId);
    const first = new Date('2026-07-10T10:00:00Z');
    await answer(token, { score: 9, wentWell: 'La piscina', toImprove: '' }, first);
    await answer(token, { score: 10, wentWell: 'La piscina e il mare', toImprove: 'Nulla' }, new Date(first.getTime() + 6 * DAY));
    const rows = await rowsOf(quote.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ score: 10, wentWell: 'La piscina e il mare', toImprove: 'Nulla' });
    expect(rows[0].answeredAt?.toISOString()).toBe(first.toISOString());

    const late = await refusal(answer(token, { score: 2 }, new Date(first.getTime() + 7 * DAY + 60_000)));
    expect(late).toMatchObject({ kind: 'conflict', code: 'closed' });
    expect((await rowsOf(quote.id))[0].score).toBe(10);
  });

  it('keeps one row when the same answer is sent twice at once, and rings once', async () => {
    const { token, quote, contact } = await makeStaySurvey(db, campsiteId);
    const send = (score: number) => db.transaction((tx) => answerSurvey(guestCtxFor(tx as unknown as Database, campsiteId), { token, answer: { score } }));
    // Open the pool's connections first, so the sends run side by side rather than one per new connection.
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    await Promise.all([send(3), send(4), send(2), send(1)]);
    const rows = await rowsOf(quote.id);
    expect(rows).toHaveLength(1);
    expect([1, 2, 3, 4]).toContain(rows[0].score);
    expect(await bellOf(contact.id)).toHaveLength(1);
  });

  it('refuses an unknown token and another campsite\u2019s survey as not found', async () => {
    const { token } = await makeStaySurvey(db, campsiteId);
    expect(await refusal(answer('x'.repeat(43), { score: 5 }))).toMatchObject({ kind: 'not_found' });
    expect(await refusal(answerSurvey(guestCtxFor(db, otherCampsiteId), { token, answer: { score: 5 } }))).toMatchObject({ kind: 'not_found' });
    expect(await refusal(findSurvey(guestCtxFor(db, otherCampsiteId), token))).toMatchObject({ kind: 'not_found' });
  });

  it('refuses a score outside 0–10 and texts too long, storing nothing', async () => {
    const { token, quote } = await makeStaySurvey(db, campsiteId);
    for (const score of [-1, 11, 4.5, '7', null]) {
      expect(await refusal(answer(token, { score }))).toMatchObject({ kind: 'bad_request', code: 'invalid', fieldErrors: { score: 'score' } });
    }
    const long = 'a'.repeat(COMMENT_MAX + 1);
    expect(await refusal(answer(token, { score: 8, wentWell: long, toImprove: long }))).toMatchObject({ fieldErrors: { wentWell: 'tooLong', toImprove: 'tooLong' } });
    expect(await rowsOf(quote.id)).toMatchObject([{ score: null, wentWell: '', toImprove: '', answeredAt: null }]);
    await answer(token, { score: 8, wentWell: 'b'.repeat(COMMENT_MAX) });
    expect((await rowsOf(quote.id))[0].wentWell).toHaveLength(COMMENT_MAX);
  });
});

describe('the bell for an unhappy guest', () => {
  it('rings once when the answer becomes low: 5 then 3 rings once, 8 then 4 rings once, 9 never', async () => {
    const lowThenLower = await makeStaySurvey(db, campsiteId, { firstName: 'Marco', lastName: 'Bianchi' });
    await answer(lowThenLower.token, { score: 5 });
    await answer(lowThenLower.token, { score: 3 });
    const rung = await bellOf(lowThenLower.contact.id);
    expect(rung).toHaveLength(1);
    expect(rung[0]).toMatchObject({ group: 'opinione', title: 'Ospite insoddisfatto', quoteId: lowThenLower.quote.id });
    expect(rung[0].description).toContain('Marco Bianchi ha dato 5 su 10');

    const highThenLow = await makeStaySurvey(db, campsiteId);
    await answer(highThenLow.token, { score: 8 });
    expect(await bellOf(highThenLow.contact.id)).toHaveLength(0);
    await answer(highThenLow.token, { score: 4 });
    await answer(highThenLow.token, { score: 4, wentWell: 'Il personale' });
    expect(await bellOf(highThenLow.contact.id)).toHaveLength(1);

    const happy = await makeStaySurvey(db, campsiteId);
    await answer(happy.token, { score: 9 });
    await answer(happy.token, { score: 7 });
    expect(await bellOf(happy.contact.id)).toHaveLength(0);
  });
});
