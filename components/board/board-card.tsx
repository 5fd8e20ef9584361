"use client";

import { Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { LinkAnchor } from "@/components/ui/link-anchor";
import { formatDate, formatMoney } from "@/lib/format";
import type { BoardCard as Card } from "@/lib/quotes/board";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import classes from "./board.module.css";

function Validity({ days }: { days: number | null }) {
  const t = useTranslations("board");
  if (days === null) return null;
  const text =
    days < 0
      ? t("expired")
      : days === 0
        ? t("expiresToday")
        : t("expiresIn", { days });
  return (
    <Text
      size="xs"
      fw={600}
      c={days <= 2 ? "red.9" : "dark.6"}
      data-testid="board-validity"
    >
      {text}
    </Text>
  );
}

export function BoardCard(props: {
  card: Card;
  targets: QuoteProgress[];
  onMove: (to: QuoteProgress) => void;
  onDragStart: () => void;
}) {
  const { card, targets } = props;
  const t = useTranslations("board");
  const tp = useTranslations("progress");
  return (
    <article
      className={classes.card}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", card.id);
        event.dataTransfer.effectAllowed = "move";
        props.onDragStart();
      }}
      data-testid="board-card"
      data-quote-id={card.id}
      aria-label={card.name}
    >
      <Stack gap={4}>
        <LinkAnchor href={`/preventivi/${card.id}`} fw={600} size="sm">
          {card.name}
        </LinkAnchor>
        <Text size="sm">{card.guest}</Text>
        <Text size="xs" c="dark.6">
          {card.arrival && card.departure
            ? `${formatDate(card.arrival)} – ${formatDate(card.departure)}`
            : t("noStay")}
        </Text>
        <Group justify="space-between" gap={4}>
          <Text size="sm" fw={600} data-testid="board-card-total">
            {formatMoney(card.totalCents)}
          </Text>
          <Validity days={card.daysLeft} />
        </Group>
        <Group gap={4}>
          {card.readAt && (
            <Badge variant="outline" color="dark" size="sm" tt="none">
              {t("read")}
            </Badge>
          )}
          {card.unreadReplies > 0 && (
            <Badge variant="outline" color="blue.9" size="sm" tt="none">
              {t("unreadReply", { count: card.unreadReplies })}
            </Badge>
          )}
          {card.openQuestions > 0 && (
            <Badge variant="outline" color="orange.9" size="sm" tt="none">
              {t("openQuestion", { count: card.openQuestions })}
            </Badge>
          )}
        </Group>
        {card.assigneeName && (
          <Text size="xs" c="dark.6">
            {t("assignee", { name: card.assigneeName })}
          </Text>
        )}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="subtle"
              rightSection={<IconChevronDown size={12} aria-hidden />}
              aria-label={t("moveMenu", { name: card.name })}
              w="fit-content"
            >
              {t("moveTo")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {targets.length === 0 && <Menu.Label>{t("noMoves")}</Menu.Label>}
            {targets.map((to) => (
              <Menu.Item key={to} onClick={() => props.onMove(to)}>
                {tp(to)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Stack>
    </article>
  );
}
