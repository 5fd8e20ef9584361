import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { contacts, quoteCards, quoteProgressEvents, quotes } from "@/db/schema";
import {
  BOARD_COLUMNS,
  boardColumnPage,
  loadBoard,
  type BoardFilters,
} from "@/lib/quotes/board";
import { moveOnBoard } from "@/lib/quotes/board-moves";
import { listQuotes } from "@/lib/quotes/queries";
import { ctxFor } from "../helpers/ctx";
import { useTestDatabase } from "../helpers/db";
import { makeCampsite, makeUser } from "../helpers/fixtures";

const DAY = 86_400_000;
const PROGRESSES = [
  "bozza",
  "nuovo",
  "inviato",
  "letto",
  "accettato",
  "rifiutato",
  "convertito",
  "scaduto",
  "richiesta",
] as const;

let db: Database;
let campsiteId: string;
let otherCampsiteId: string;
let otherQuoteId: string;
let sentQuoteId: string;
let seller: { id: string };
let colleague: { id: string };
let guestId: string;

beforeAll(async () => {
  db = await useTestDatabase();
  const campsite = await makeCampsite(db);
  const other = await makeCampsite(db);
  campsiteId = campsite.id;
  otherCampsiteId = other.id;
  seller = await makeUser(db, campsiteId, { isAdmin: true, packLevel: 10 });
  colleague = await makeUser(db, campsiteId, {});
  const [guest] = await db
    .insert(contacts)
    .values({ campingId: campsiteId, firstName: "Anna", lastName: "Bianchi" })
    .returning();
  guestId = guest.id;
  const [otherGuest] = await db
    .insert(contacts)
    .values({
      campingId: otherCampsiteId,
      firstName: "Altro",
      lastName: "Ospite",
    })
    .returning();
  // 120 quotes over the states, some sharing a creation instant (the keyset must still see each once).
  const base = Date.now() - 50 * DAY;
  const rows = Array.from({ length: 120 }, (_, i) => ({
    campingId: campsiteId,
    contactId: guest.id,
    name: `Preventivo ${i}`,
    progress: PROGRESSES[i % PROGRESSES.length],
    createdAt: new Date(base + Math.floor(i / 3) * DAY),
    // Some waiting quotes are past their validity: the board shows them under «scaduto».
    validUntil:
      i % 7 === 0
        ? new Date(Date.now() - DAY)
        : new Date(Date.now() + 10 * DAY),
    assigneeId: i % 4 === 0 ? colleague.id : i % 4 === 1 ? seller.id : null,
    tags: i % 5 === 0 ? ["Famiglia"] : [],
    acceptedCardIdx: i % 9 === 4 ? 1 : null,
  }));
  const inserted = await db
    .insert(quotes)
    .values(rows)
    .returning({ id: quotes.id });
  await db.insert(quoteCards).values(
    inserted.flatMap((quote, i) =>
      i % 10 === 3
        ? []
        : [0, 1].map((idx) => ({
            campingId: campsiteId,
            quoteId: quote.id,
            idx,
            totalCents: 10_000 + i * 100 + idx * 7,
          })),
    ),
  );
  const [sent] = await db
    .insert(quotes)
    .values({
      campingId: campsiteId,
      contactId: guest.id,
      name: "Da accettare",
      progress: "inviato",
      validUntil: new Date(Date.now() + 5 * DAY),
    })
    .returning();
  sentQuoteId = sent.id;
  await db.insert(quoteCards).values({
    campingId: campsiteId,
    quoteId: sent.id,
    idx: 0,
    totalCents: 55_000,
  });
  const [foreign] = await db
    .insert(quotes)
    .values({
      campingId: otherCampsiteId,
      contactId: otherGuest.id,
      name: "Altrui",
      progress: "inviato",
    })
    .returning();
  otherQuoteId = foreign.id;
  await db.insert(quoteCards).values({
    campingId: otherCampsiteId,
    quoteId: foreign.id,
    idx: 0,
    totalCents: 999_999,
  });
});

const ctx = () => ctxFor(db, { campsiteId, userId: seller.id });

/** The independent sum: written here by hand, the accepted card's total else the first's, the expired waiting quotes under 'scaduto'. */
async function sqlFigures(extra = sql`true`) {
  const result = (await db.execute(sql`
    select case when q.progress in ('nuovo', 'inviato', 'letto') and q.valid_until < now() then 'scaduto' else q.progress end as progress,
      count(*)::int as count, coalesce(sum(c.total_cents), 0)::int as total
    from quotes q left join quote_cards c on c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0)
    where q.camping_id = ${campsiteId} and q.progress <> 'richiesta' and ${extra}
    group by 1`)) as unknown as { rows?: Row[] } & Row[];
  type Row = { progress: string; count: number; total: number };
  return new Map(
    (result.rows ?? result).map((row) => [
      row.progress,
      { count: Number(row.count), total: Number(row.total) },
    ]),
  );
}

/** The board's columns under `filters`, each checked against the independent sum under `extra`. */
async function columnsMatchingSql(
  filters: BoardFilters,
  extra: ReturnType<typeof sql>,
) {
  const expected = await sqlFigures(extra);
  const columns = await loadBoard(ctx(), filters);
  for (const column of columns) {
    expect({
      progress: column.progress,
      count: column.count,
      total: column.totalCents,
    }).toEqual({
      progress: column.progress,
      ...(expected.get(column.progress) ?? { count: 0, total: 0 }),
    });
  }
  return columns;
}

async function allOfColumn(
  filters: BoardFilters,
  progress: (typeof BOARD_COLUMNS)[number],
) {
  const seen: { id: string; progress: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await boardColumnPage(ctx(), filters, progress, cursor);
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe("the board", () => {
  it("leaves requests out and shows every column in the spec’s order", async () => {
    const columns = await loadBoard(ctx(), {});
    expect(columns.map((column) => column.progress)).toEqual([
      "bozza",
      "nuovo",
      "inviato",
      "letto",
      "accettato",
      "rifiutato",
      "convertito",
      "non convertito",
      "scaduto",
    ]);
  });

  it("pages every column by keyset: each quote once, newest first, as the list orders the same state", async () => {
    for (const progress of BOARD_COLUMNS) {
      const cards = await allOfColumn({}, progress);
      expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
      expect(cards.every((card) => card.progress === progress)).toBe(true);
      const list = await listQuotes(ctx(), {
        progress: [progress],
        limit: 100,
      });
      expect(cards.map((card) => card.id)).toEqual(
        list.items.map((item) => item.id),
      );
    }
  });

  it("column totals and counts equal an independent SQL sum, with and without filters", async () => {
    const cases: [BoardFilters, ReturnType<typeof sql>][] = [
      [{}, sql`true`],
      [{ assignee: colleague.id }, sql`q.assignee_id = ${colleague.id}`],
      [{ assignee: "nessuno" }, sql`q.assignee_id is null`],
      [{ tag: "Famiglia" }, sql`q.tags @> '["Famiglia"]'::jsonb`],
    ];
    for (const [filters, extra] of cases) {
      for (const column of await columnsMatchingSql(filters, extra)) {
        expect((await allOfColumn(filters, column.progress)).length).toBe(
          column.count,
        );
      }
    }
  });

  it("keeps each quote's shown total as its cards change, another offer is accepted or a card removed", async () => {
    const [quote] = await db
      .insert(quotes)
      .values({
        campingId: campsiteId,
        contactId: guestId,
        name: "Cambia",
        progress: "letto",
        validUntil: new Date(Date.now() + 5 * DAY),
      })
      .returning();
    const shown = async () =>
      (
        await db
          .select({ total: quotes.shownTotalCents })
          .from(quotes)
          .where(eq(quotes.id, quote.id))
      )[0].total;
    expect(await shown()).toBe(0);
    await db
      .insert(quoteCards)
      .values(
        [0, 1, 2].map((idx) => ({
          campingId: campsiteId,
          quoteId: quote.id,
          idx,
          totalCents: 1_000 * (idx + 1),
        })),
      );
    expect(await shown()).toBe(1_000);
    await db
      .update(quoteCards)
      .set({ totalCents: 1_500 })
      .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.idx, 0)));
    expect(await shown()).toBe(1_500);
    // Another card's price is not the quote's.
    await db
      .update(quoteCards)
      .set({ totalCents: 9_999 })
      .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.idx, 1)));
    expect(await shown()).toBe(1_500);
    await db
      .update(quotes)
      .set({ acceptedCardIdx: 2 })
      .where(eq(quotes.id, quote.id));
    expect(await shown()).toBe(3_000);
    await db
      .delete(quoteCards)
      .where(and(eq(quoteCards.quoteId, quote.id), eq(quoteCards.idx, 2)));
    expect(await shown()).toBe(0);
    await db
      .update(quotes)
      .set({ acceptedCardIdx: null })
      .where(eq(quotes.id, quote.id));
    expect(await shown()).toBe(1_500);
    await columnsMatchingSql({}, sql`true`);
    await db.delete(quotes).where(eq(quotes.id, quote.id));
  });

  it("filters by «In carico a» on the list too", async () => {
    const mine = await listQuotes(ctx(), { assignee: seller.id, limit: 100 });
    expect(mine.items.length).toBe(30);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(quotes)
      .where(
        sql`camping_id = ${campsiteId} and assignee_id = ${seller.id}`,
      )) as { count: number }[];
    expect(mine.items.length).toBe(count);
  });

  it("never shows another campsite’s quotes, and cannot move them", async () => {
    const columns = await loadBoard(ctx(), {});
    expect(
      columns
        .flatMap((column) => column.page.items)
        .some((card) => card.id === otherQuoteId),
    ).toBe(false);
    await expect(
      moveOnBoard(ctx(), otherQuoteId, "accettato"),
    ).rejects.toMatchObject({ kind: "not_found" });
    const [foreign] = await db
      .select()
      .from(quotes)
      .where(sql`id = ${otherQuoteId}`);
    expect(foreign.progress).toBe("inviato");
  });

  it("moves through the state machine: sent → accepted (first card), and a refused move says why and changes nothing", async () => {
    await expect(moveOnBoard(ctx(), sentQuoteId, "accettato")).resolves.toEqual(
      { progress: "accettato" },
    );
    const [accepted] = await db
      .select()
      .from(quotes)
      .where(sql`id = ${sentQuoteId}`);
    expect(accepted.acceptedCardIdx).toBe(0);
    const events = await db
      .select()
      .from(quoteProgressEvents)
      .where(sql`quote_id = ${sentQuoteId}`);
    expect(
      events.map((event) => [
        event.fromProgress,
        event.toProgress,
        event.actorUserId,
      ]),
    ).toEqual([["inviato", "accettato", seller.id]]);
    await expect(
      moveOnBoard(ctx(), sentQuoteId, "inviato"),
    ).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("non può passare a «inviato»"),
    });
    const [still] = await db
      .select()
      .from(quotes)
      .where(sql`id = ${sentQuoteId}`);
    expect(still.progress).toBe("accettato");
  });
});
