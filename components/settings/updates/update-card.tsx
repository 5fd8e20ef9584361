import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SafeHtml } from '@/components/ui/safe-html';

/** One update as the history and the operator's list show it. */
export function UpdateCard({ title, html, meta, badge, action }: { title: string; html: string; meta: string; badge?: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {meta}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {badge && (
              <Badge variant="light" color="orange">
                {badge}
              </Badge>
            )}
            {action}
          </Group>
        </Group>
        <SafeHtml html={html} />
      </Stack>
    </Paper>
  );
}
