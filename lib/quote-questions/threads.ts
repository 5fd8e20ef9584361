import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { quoteQuestions, quotes, users } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

export type QuestionAnswer = { id: string; body: string; createdAt: Date; authorName: string | null; mailTraceId: string | null };
export type QuestionEntry = { id: string; quoteId: string; cardIdx: number | null; body: string; createdAt: Date; answers: QuestionAnswer[] };
export type ContactQuestionThread = { quoteId: string; quoteName: string; questions: QuestionEntry[] };

/** A quote gets five questions an hour at most: years of them still fit; a runaway thread is cut, not read whole. */
const MAX_ROWS = 500;

async function rowsWhere(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: quoteQuestions.id,
      quoteId: quoteQuestions.quoteId,
      questionId: quoteQuestions.questionId,
      cardIdx: quoteQuestions.cardIdx,
      body: quoteQuestions.body,
      createdAt: quoteQuestions.createdAt,
      mailTraceId: quoteQuestions.mailTraceId,
      authorName: users.name,
    })
    .from(quoteQuestions)
    .leftJoin(users, eq(users.id, quoteQuestions.authorUserId))
    .where(where)
    .orderBy(asc(quoteQuestions.createdAt), asc(quoteQuestions.id))
    .limit(MAX_ROWS);
}

/** Questions oldest first, each with its answers oldest first. */
function group(rows: Awaited<ReturnType<typeof rowsWhere>>): QuestionEntry[] {
  const questions = new Map<string, QuestionEntry>();
  for (const row of rows) {
    if (row.questionId === null) {
      questions.set(row.id, { id: row.id, quoteId: row.quoteId, cardIdx: row.cardIdx, body: row.body, createdAt: row.createdAt, answers: [] });
      continue;
    }
    questions.get(row.questionId)?.answers.push({ id: row.id, body: row.body, createdAt: row.createdAt, authorName: row.authorName, mailTraceId: row.mailTraceId });
  }
  return [...questions.values()];
}

/** The thread of one quote (the staff preview, the mini-site). */
export async function quoteQuestionThread(ctx: CampsiteCtx, input: { quoteId: string }): Promise<QuestionEntry[]> {
  return group(await rowsWhere(ctx.db, and(eq(quoteQuestions.campingId, ctx.campsiteId), eq(quoteQuestions.quoteId, input.quoteId))!));
}

/** A guest's questions on every quote of theirs (the contact's history), the quote asked about last first. */
export async function contactQuestionThreads(ctx: CampsiteCtx, input: { contactId: string }): Promise<ContactQuestionThread[]> {
  const rows = await rowsWhere(ctx.db, and(eq(quoteQuestions.campingId, ctx.campsiteId), eq(quoteQuestions.contactId, input.contactId))!);
  if (rows.length === 0) return [];
  const names = await ctx.db
    .select({ id: quotes.id, name: quotes.name })
    .from(quotes)
    .where(and(eq(quotes.campingId, ctx.campsiteId), eq(quotes.contactId, input.contactId)));
  const nameOf = new Map(names.map((quote) => [quote.id, quote.name === 'undefined' ? '' : quote.name]));
  const byQuote = new Map<string, QuestionEntry[]>();
  for (const question of group(rows)) byQuote.set(question.quoteId, [...(byQuote.get(question.quoteId) ?? []), question]);
  const lastActivity = (questions: QuestionEntry[]) => Math.max(...questions.flatMap((question) => [question.createdAt.getTime(), ...question.answers.map((answer) => answer.createdAt.getTime())]));
  return [...byQuote]
    .map(([quoteId, questions]) => ({ quoteId, quoteName: nameOf.get(quoteId) ?? '', questions }))
    .sort((a, b) => lastActivity(b.questions) - lastActivity(a.questions));
}

export const isAnswered = (question: Pick<QuestionEntry, 'answers'>) => question.answers.length > 0;
