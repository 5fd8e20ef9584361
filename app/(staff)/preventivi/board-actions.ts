"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/actions";
import { BOARD_COLUMNS, boardColumnPage } from "@/lib/quotes/board";
import { moveOnBoard } from "@/lib/quotes/board-moves";
import {
  parseQuoteListParams,
  resolveAssignee,
} from "@/lib/quotes/list-params";
import { z } from "@/lib/validation";

const column = z
  .enum(BOARD_COLUMNS as [string, ...string[]])
  .transform((value) => value as (typeof BOARD_COLUMNS)[number]);

/** A card dropped on a column, or chosen in its «Sposta in…» menu. */
export const moveOnBoardAction = staffAction(
  z.object({ quoteId: z.string().trim().min(1).max(100), to: column }),
  async (ctx, input) => {
    const moved = await moveOnBoard(ctx, input.quoteId, input.to);
    revalidatePath("/preventivi");
    return moved;
  },
);

/** «Carica altri» in one column: the board's filters travel as the page's own query string. */
export const boardColumnAction = staffAction(
  z.object({
    query: z.string().max(2000),
    progress: column,
    cursor: z.string().trim().min(1).max(400),
  }),
  (ctx, input) => {
    const filters = resolveAssignee(
      parseQuoteListParams(
        Object.fromEntries(new URLSearchParams(input.query)),
      ),
      ctx.tenant.userId,
    );
    return boardColumnPage(ctx, filters, input.progress, input.cursor);
  },
);
