import { Paper, Text } from '@mantine/core';
import { LinkAnchor } from '@/components/ui/link-anchor';

type Props = { label: string; value: string; hint?: string; testId?: string; href?: string; linkLabel?: string };

/** A figure; with href the value opens the list it counts. */
export function StatCard({ label, value, hint, testId, href, linkLabel }: Props) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {href ? (
        <LinkAnchor prefetch={false} href={href} fz={28} fw={700} mt={4} display="block" aria-label={linkLabel ?? `${label}: ${value}`}>
          {value}
        </LinkAnchor>
      ) : (
        <Text fz={28} fw={700} mt={4}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
