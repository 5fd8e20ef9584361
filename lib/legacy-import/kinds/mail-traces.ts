import { count, eq, inArray } from 'drizzle-orm';
import { mailTraces } from '@/db/schema';
import { findTrace } from '@/lib/mail/traces';
import { legacyTraceSchema, toLegacyTrace } from '@/lib/legacy-api/shapes/mail';
import { z } from '@/lib/validation';
import type { LegacyClient } from '../client';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';
import { presentHere } from './present';

const LIMIT = 100;
const pageSchema = z.object({ items: z.array(z.unknown()), nextCursor: z.string().nullable() }).loose();
const threadOf = (item: unknown) => (item && typeof item === 'object' && 'thread' in item && typeof item.thread === 'string' ? item.thread : null);
const idOf = (item: unknown) => (item && typeof item === 'object' && '_id' in item ? String(item._id) : null);

/** Per client (one run): each trace read, by old id, and its thread; the verification reads a sample again by it. */
const threadsRead = new WeakMap<LegacyClient, Map<string, string>>();

async function* wholeThread(client: LegacyClient, thread: string): AsyncGenerator<unknown> {
  let cursor: string | null = null;
  do {
    const page: z.output<typeof pageSchema> = await client.json('POST', `/tracciaMail/getLazy/${encodeURIComponent(thread)}`, pageSchema, {
      limit: LIMIT,
      ...(cursor ? { cursor } : {}),
    });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * Tracce delle e-mail, as far as the old API lists them: it reads a thread only by its id, and the
 * only list of mails it has is the booking platform's (/getMailCV). So the import takes every CV
 * mail and, for each, its whole conversation (the replies recorded on the same thread). The
 * threads of staff and quote mails are named nowhere in the old answers and cannot be read.
 */
export const mailTracesKind: LegacyKind = {
  name: 'tracciaMail',
  label: 'Tracce delle e-mail',
  async *pages(client, from) {
    const seen = new Map<string, string>();
    threadsRead.set(client, seen);
    const threads = new Set<string>();
    let cursor = from.cursor;
    do {
      const page = await client.json('POST', '/getMailCV', pageSchema, { limit: LIMIT, ...(cursor ? { cursor } : {}) });
      cursor = page.nextCursor;
      const items: unknown[] = [];
      const keep = (item: unknown) => {
        const id = idOf(item);
        if (id !== null && seen.has(id)) return;
        if (id !== null) seen.set(id, threadOf(item) ?? '');
        items.push(item);
      };
      for (const item of page.items) {
        keep(item);
        const thread = threadOf(item);
        if (thread === null || threads.has(thread)) continue;
        threads.add(thread);
        for await (const reply of wholeThread(client, thread)) keep(reply);
      }
      yield { items, cursor };
    } while (cursor);
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('tracciaMail', items, legacyTraceSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId } = ctx;
    const contactsHere = await presentHere(ctx, 'contatti', records.map((trace) => trace.client));
    const quotesHere = await presentHere(ctx, 'preventivi', records.map((trace) => trace.idPreventivo));
    await ctx.ids.load(db, 'tracciaMail', records.map((trace) => trace._id));
    // References are unique across every campsite (a reply's RIF finds its trace): one taken by
    // another trace is left out here, and replies quoting it are threaded by the In-Reply-To only.
    const references = records.flatMap((trace) => (trace.uuid ? [trace.uuid] : []));
    const taken = new Map(
      references.length
        ? (await db.select({ id: mailTraces.id, referenceId: mailTraces.referenceId }).from(mailTraces).where(inArray(mailTraces.referenceId, references))).map((row) => [
            row.referenceId,
            row.id,
          ])
        : [],
    );
    const rows = records.map((trace) => {
      const contactId = trace.client === null ? null : ctx.ids.resolve('contatti', trace.client);
      const quoteId = trace.idPreventivo === null ? null : ctx.ids.resolve('preventivi', trace.idPreventivo);
      const owner = trace.uuid ? taken.get(trace.uuid) : undefined;
      return {
        id: trace._id,
        campingId: campsiteId,
        // A contact or quote not imported leaves the trace without it (the old id stays in meta.cliente when it was there).
        contactId: contactId && contactsHere.has(contactId) ? contactId : null,
        quoteId: quoteId && quotesHere.has(quoteId) ? quoteId : null,
        threadId: trace.thread,
        referenceId: trace.uuid && (owner === undefined || owner === ctx.ids.resolve('tracciaMail', trace._id)) ? trace.uuid : null,
        direction: trace.direction,
        recipients: trace.emails,
        subject: trace.object,
        body: trace.body,
        isSent: trace.isSent,
        linkedMailIds: trace.linked_mails,
        previousReplies: trace.prev_replies,
        providerMessageId: trace.idEmail,
        // The Message-ID header (rfc_message_id) is not in the old answers: replies to an imported mail find it by its RIF.
        meta: trace.meta,
        createdAt: new Date(trace.date),
        sentAt: trace.sentAt ? new Date(trace.sentAt) : null,
        usedAt: trace.usedAt ? new Date(trace.usedAt) : null,
      };
    });
    const outcome = await upsertKeepingIds(ctx, mailTraces, 'tracciaMail', rows, [
      'contactId',
      'quoteId',
      'threadId',
      'referenceId',
      'direction',
      'recipients',
      'subject',
      'body',
      'isSent',
      'linkedMailIds',
      'previousReplies',
      'providerMessageId',
      'meta',
      'createdAt',
      'sentAt',
      'usedAt',
    ]);
    return { written: outcome.written.length, unchanged: outcome.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(mailTraces).where(eq(mailTraces.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const trace = await findTrace(ctx, ctx.ids.resolve('tracciaMail', oldId));
    // Through the contract's shape, as the old answer is: meta's keys then come in the same order.
    return trace ? comparable(legacyTraceSchema.parse(toLegacyTrace(trace))) : null;
  },
  async showThere(client, oldId) {
    // The old system reads a trace only within its thread, remembered when the trace was read.
    const thread = threadsRead.get(client)?.get(oldId);
    if (!thread) return null;
    for await (const item of wholeThread(client, thread)) if (idOf(item) === oldId) return comparable(legacyTraceSchema.parse(item));
    return null;
  },
};


/** The fields a trace keeps across systems (not its contact or quote, whose ids may be renamed). */
const comparable = (trace: z.output<typeof legacyTraceSchema>) => ({
  thread: trace.thread,
  uuid: trace.uuid,
  direction: trace.direction,
  emails: trace.emails,
  object: trace.object,
  body: trace.body,
  isSent: trace.isSent,
  linked_mails: trace.linked_mails,
  prev_replies: trace.prev_replies,
  idEmail: trace.idEmail,
  meta: trace.meta,
  date: trace.date,
  sentAt: trace.sentAt,
  usedAt: trace.usedAt,
});
