import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { expectAccessibleAtRest } from "./axe-at-rest";
import { expect, test, type Page } from "./fixtures";
import { screenshotForReview } from "./screenshots";
import { LOGINS, openAs } from "./support";

const databaseUrl = process.env.E2E_DATABASE_URL;
const euro = new Intl.NumberFormat("it-IT", {
  style: "currency",
  currency: "EUR",
});

/** A sent quote with one priced card, created now (top of «Inviato»), in the demo admin's campsite. */
async function sentQuote(name: string): Promise<string> {
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    const [{ camping_id: campsiteId, id: contactId }] = await sql`
      select c.camping_id, c.id from contacts c join users u on u.camping_id = c.camping_id where u.email = ${LOGINS.admin.email} limit 1`;
    const id = randomBytes(16).toString("base64url");
    await sql`insert into quotes (id, camping_id, contact_id, name, progress, valid_until, created_at, updated_at)
      values (${id}, ${campsiteId}, ${contactId}, ${name}, 'inviato', now() + interval '10 days', now(), now())`;
    await sql`insert into quote_cards (id, camping_id, quote_id, idx, total_cents) values (${randomBytes(16).toString("base64url")}, ${campsiteId}, ${id}, 0, 123456)`;
    return id;
  } finally {
    await sql.end();
  }
}

async function progressOf(id: string): Promise<string> {
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    const [{ progress }] =
      await sql`select progress from quotes where id = ${id}`;
    return progress as string;
  } finally {
    await sql.end();
  }
}

const column = (page: Page, progress: string) =>
  page.locator(`[data-testid="board-column"][data-progress="${progress}"]`);
const cardOf = (page: Page, name: string) =>
  page.getByTestId("board-card").filter({ hasText: name });

/**
 * The drag events the board listens to, with one DataTransfer, as a browser fires them: Playwright's
 * dragTo drives the mouse, which in headless Chromium did not start an HTML5 drag from a card.
 */
async function drag(page: Page, name: string, to: string) {
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  await cardOf(page, name).dispatchEvent("dragstart", { dataTransfer: transfer });
  await column(page, to).dispatchEvent("dragover", { dataTransfer: transfer });
  await column(page, to).dispatchEvent("drop", { dataTransfer: transfer });
  await cardOf(page, name).dispatchEvent("dragend", { dataTransfer: transfer });
}

test.beforeEach(() =>
  test.skip(
    !databaseUrl,
    "Needs PostgreSQL (DATABASE_URL) to seed the quotes it moves.",
  ),
);

test("drag a sent quote to «Accettato»; dragging it back to «Inviato» is refused, snaps back and says why", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Bacheca trascina ${randomBytes(3).toString("hex")}`;
  const id = await sentQuote(name);
  await openAs(
    page,
    LOGINS.admin,
    `/preventivi?vista=bacheca&q=${encodeURIComponent(name)}`,
  );
  await expect(
    column(page, "inviato").getByTestId("board-card").filter({ hasText: name }),
  ).toBeVisible();
  await drag(page, name, "accettato");
  await expect(
    column(page, "accettato")
      .getByTestId("board-card")
      .filter({ hasText: name }),
  ).toBeVisible();
  await expect(page.getByText("Spostato in «Accettato»")).toBeVisible();
  await expect.poll(() => progressOf(id)).toBe("accettato");
  await expect(column(page, "accettato")).toHaveAttribute(
    "data-total-cents",
    "123456",
  );

  await drag(page, name, "inviato");
  await expect(page.getByTestId("board-refusal")).toContainText(
    "non può passare a «inviato»",
  );
  await expect(
    column(page, "accettato")
      .getByTestId("board-card")
      .filter({ hasText: name }),
  ).toBeVisible();
  await expect(column(page, "inviato").getByTestId("board-card")).toHaveCount(
    0,
  );
  expect(await progressOf(id)).toBe("accettato");
});

test("the same moves by keyboard: the card’s «Sposta in…» menu lists only what the machine allows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Bacheca tastiera ${randomBytes(3).toString("hex")}`;
  const id = await sentQuote(name);
  await openAs(
    page,
    LOGINS.admin,
    `/preventivi?vista=bacheca&q=${encodeURIComponent(name)}`,
  );
  const menu = cardOf(page, name).getByRole("button", {
    name: /Sposta .* in un altro stato/,
  });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem")).toHaveText([
    "Accettato",
    "Rifiutato",
    "Non convertito",
  ]);
  for (
    let step = 0;
    step < 4 &&
    !(await page
      .getByRole("menuitem", { name: "Accettato" })
      .evaluate((item) => item === document.activeElement));
    step++
  ) {
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await expect(
    column(page, "accettato")
      .getByTestId("board-card")
      .filter({ hasText: name }),
  ).toBeVisible();
  await expect.poll(() => progressOf(id)).toBe("accettato");

  // Back to «Inviato» is not offered: the staff cannot un-accept a quote.
  await cardOf(page, name)
    .getByRole("button", { name: /Sposta .* in un altro stato/ })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem")).toHaveText([
    "Rifiutato",
    "Non convertito",
  ]);
  await page.keyboard.press("Escape");
});

test("column totals and counts equal an SQL sum; the board is axe-clean", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAs(page, LOGINS.admin, "/preventivi?vista=bacheca");
  await expect(page.getByTestId("board-column")).toHaveCount(9);
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  let expected: Map<string, { count: number; total: number }>;
  try {
    const rows = await sql<
      { progress: string; count: number; total: string }[]
    >`
      select case when q.progress in ('nuovo', 'inviato', 'letto') and q.valid_until < now() then 'scaduto' else q.progress end as progress,
        count(*)::int as count, coalesce(sum(c.total_cents), 0)::text as total
      from quotes q join users u on u.camping_id = q.camping_id and u.email = ${LOGINS.admin.email}
      left join quote_cards c on c.quote_id = q.id and c.idx = coalesce(q.accepted_card_idx, 0)
      where q.progress <> 'richiesta' group by 1`;
    expected = new Map(
      rows.map((row) => [
        row.progress,
        { count: row.count, total: Number(row.total) },
      ]),
    );
  } finally {
    await sql.end();
  }
  for (const section of await page.getByTestId("board-column").all()) {
    const progress = (await section.getAttribute("data-progress"))!;
    const want = expected.get(progress) ?? { count: 0, total: 0 };
    expect([
      progress,
      Number(await section.getAttribute("data-total-cents")),
      Number(await section.getAttribute("data-count")),
    ]).toEqual([progress, want.total, want.count]);
    await expect(section.getByTestId("board-column-total")).toHaveText(
      euro.format(want.total / 100),
    );
  }
  expect([...expected.values()].some((figures) => figures.total > 0)).toBe(
    true,
  );
  await screenshotForReview(page, "board-desktop", { fullPage: false });
  await expectAccessibleAtRest(page, "la bacheca dei preventivi");
});

test("on a phone the board shows one column at a time, chosen by the selector, without sideways scrolling", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, LOGINS.admin, "/preventivi?vista=bacheca");
  await expect(
    page.getByTestId("board-column").filter({ visible: true }),
  ).toHaveCount(1);
  await page.getByRole("combobox", { name: "Colonna" }).click();
  await page.getByRole("option", { name: /^Accettato \(\d+\)$/ }).click();
  await expect(
    page.getByTestId("board-column").filter({ visible: true }),
  ).toHaveAttribute("data-progress", "accettato");
  await page.getByRole("combobox", { name: "Colonna" }).click();
  await page.getByRole("option", { name: /^Bozza \(\d+\)$/ }).click();
  await expect(
    page.getByTestId("board-column").filter({ visible: true }),
  ).toHaveAttribute("data-progress", "bozza");
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await screenshotForReview(page, "board-phone");
  await expectAccessibleAtRest(page, "la bacheca su telefono");
});
