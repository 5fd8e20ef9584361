import { Badge, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

type Props = {
  titleId: string;
  title: string;
  unansweredLabel: string | null;
  testId: string;
  children: ReactNode;
};

/** The box of a questions thread, on the quote and in the guest's history: its title and how many wait for an answer. */
export function QuestionsFrame({
  titleId,
  title,
  unansweredLabel,
  testId,
  children,
}: Props) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {unansweredLabel && (
            <Badge color="orange.9" variant="filled" tt="none">
              {unansweredLabel}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
