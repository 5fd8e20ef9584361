"use client";

import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ProgressTag } from "@/components/quotes/progress-tag";
import { formatMoney } from "@/lib/format";
import type { BoardColumn as Column } from "@/lib/quotes/board";
import { boardTargets, FOLDED_COLUMNS } from "@/lib/quotes/board-columns";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { BoardCard } from "./board-card";
import classes from "./board.module.css";

type Props = {
  column: Column;
  columns: readonly QuoteProgress[];
  active: boolean;
  loading: boolean;
  onMove: (quoteId: string, to: QuoteProgress) => void;
  onDragStart: (quoteId: string) => void;
  onDrop: (to: QuoteProgress) => void;
  onLoadMore: () => void;
};

export function BoardColumn({
  column,
  columns,
  active,
  loading,
  onMove,
  onDragStart,
  onDrop,
  onLoadMore,
}: Props) {
  const t = useTranslations("board");
  const tp = useTranslations("progress");
  const [folded, setFolded] = useState(
    FOLDED_COLUMNS.includes(column.progress),
  );
  const [over, setOver] = useState(false);
  const headingId = `board-column-${column.progress.replace(" ", "-")}`;
  return (
    <section
      className={`${classes.column} ${folded ? classes.folded : ""} ${over ? classes.dropTarget : ""}`}
      aria-labelledby={headingId}
      data-active={active}
      data-testid="board-column"
      data-progress={column.progress}
      data-total-cents={column.totalCents}
      data-count={column.count}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onDrop(column.progress);
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Title order={2} size="h5" id={headingId}>
            <ProgressTag
              progress={column.progress}
              label={tp(column.progress)}
            />
          </Title>
          <Text size="xs" c="dark.6">
            {t("count", { count: column.count })}
          </Text>
        </Group>
        <Text
          size="sm"
          fw={600}
          aria-label={`${t("columnTotal")}: ${formatMoney(column.totalCents)}`}
          data-testid="board-column-total"
        >
          {formatMoney(column.totalCents)}
        </Text>
        {FOLDED_COLUMNS.includes(column.progress) && column.count > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setFolded(!folded)}
            aria-expanded={!folded}
            w="fit-content"
          >
            {folded ? t("unfold") : t("fold")}
          </Button>
        )}
        {!folded && column.count === 0 && (
          <Text size="xs" c="dark.6">
            {t("empty")}
          </Text>
        )}
        {!folded &&
          column.page.items.map((card) => (
            <BoardCard
              key={card.id}
              card={card}
              targets={boardTargets(card.progress, columns)}
              onMove={(to) => onMove(card.id, to)}
              onDragStart={() => onDragStart(card.id)}
            />
          ))}
        {!folded && column.page.nextCursor && (
          <Button
            size="xs"
            variant="light"
            onClick={onLoadMore}
            loading={loading}
          >
            {t("loadMore")}
          </Button>
        )}
      </Stack>
    </section>
  );
}
