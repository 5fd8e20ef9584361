import { index, pgTable, smallint, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id } from './columns';
import { contacts } from './contacts';
import { mailTraces } from './mail';
import { quotes } from './quotes';
import { users } from './users';

/**
 * The guest's questions about a quote and the staff's answers, one row each: a question has no
 * question_id, an answer points to its question. Bodies are plain text (never HTML), shown escaped.
 */
export const quoteQuestions = pgTable(
  'quote_questions',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The answer's question; null for a question. */
    questionId: text('question_id').references((): AnyPgColumn => quoteQuestions.id, { onDelete: 'cascade' }),
    /** The offer the guest asked under (quote_cards.idx); null: about the whole quote. */
    cardIdx: smallint('card_idx'),
    author: text('author').$type<'guest' | 'staff'>().notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The mail that took a staff answer to the guest. */
    mailTraceId: text('mail_trace_id').references(() => mailTraces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_questions_camping_quote_idx').on(t.campingId, t.quoteId, t.createdAt),
    index('quote_questions_camping_contact_idx').on(t.campingId, t.contactId, t.createdAt),
    index('quote_questions_question_idx').on(t.questionId),
  ],
);
