"use client";

import { Alert, Select, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  boardColumnAction,
  moveOnBoardAction,
} from "@/app/(staff)/preventivi/board-actions";
import type { BoardColumn as Column } from "@/lib/quotes/board";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { BoardColumn } from "./board-column";
import { moveCard } from "./move-card";
import classes from "./board.module.css";

/**
 * The quotes by state. A move shows at once and is undone if the server refuses it, with the
 * state machine's reason; the server's answer then refreshes the figures.
 */
export function QuoteBoard({ columns: initial }: { columns: Column[] }) {
  const t = useTranslations("board");
  const tp = useTranslations("progress");
  const router = useRouter();
  const params = useSearchParams();
  const [state, setState] = useState({ source: initial, columns: initial });
  // A fresh render from the server (after a move or a filter) replaces the local copy.
  if (state.source !== initial) setState({ source: initial, columns: initial });
  const columns = state.columns;
  const [dragged, setDragged] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState<QuoteProgress | null>(null);
  const [active, setActive] = useState<QuoteProgress>(
    () =>
      columns.find((column) => column.count > 0)?.progress ??
      columns[0].progress,
  );
  const order = columns.map((column) => column.progress);

  async function move(quoteId: string, to: QuoteProgress) {
    const before = columns;
    const after = moveCard(before, quoteId, to);
    if (after === before) return;
    setRefusal(null);
    setState((current) => ({ ...current, columns: after }));
    const result = await moveOnBoardAction({ quoteId, to });
    if (!result.ok) {
      setState((current) => ({ ...current, columns: before }));
      setRefusal(result.error);
      return;
    }
    notifications.show({
      color: "teal",
      message: t("moved", { progress: tp(to) }),
      autoClose: 3000,
    });
    router.refresh();
  }

  async function loadMore(column: Column) {
    if (!column.page.nextCursor) return;
    setLoading(column.progress);
    const result = await boardColumnAction({
      query: params.toString(),
      progress: column.progress,
      cursor: column.page.nextCursor,
    });
    setLoading(null);
    if (!result.ok) return setRefusal(result.error);
    setState((current) => ({
      ...current,
      columns: current.columns.map((item) =>
        item.progress === column.progress
          ? {
              ...item,
              page: {
                items: [...item.page.items, ...result.data.items],
                nextCursor: result.data.nextCursor,
              },
            }
          : item,
      ),
    }));
  }

  return (
    <Stack gap="sm">
      <Select
        hiddenFrom="sm"
        label={t("column")}
        data={columns.map((column) => ({
          value: column.progress,
          label: `${tp(column.progress)} (${column.count})`,
        }))}
        value={active}
        onChange={(value) => value && setActive(value as QuoteProgress)}
        allowDeselect={false}
        data-testid="board-column-select"
      />
      {refusal && (
        <Alert
          color="red"
          title={t("refused")}
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
          data-testid="board-refusal"
        >
          {refusal}
        </Alert>
      )}
      <div
        className={classes.board}
        role="region"
        aria-label={t("boardLabel")}
        tabIndex={0}
      >
        {columns.map((column) => (
          <BoardColumn
            key={column.progress}
            column={column}
            columns={order}
            active={column.progress === active}
            loading={loading === column.progress}
            onMove={move}
            onDragStart={setDragged}
            onDrop={(to) => dragged && move(dragged, to)}
            onLoadMore={() => loadMore(column)}
          />
        ))}
      </div>
    </Stack>
  );
}
