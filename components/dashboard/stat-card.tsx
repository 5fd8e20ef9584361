import { Paper, Text } from '@mantine/core';
import { LinkAnchor } from '@/components/ui/link-anchor';

/** hintHref: the hint holds a figure of its own («Mese scorso: 12»), which opens its list like the value. */
type Props = { label: string; value: string; hint?: string; hintHref?: string; testId?: string; href?: string; linkLabel?: string };

/** A figure; with href the value opens the list it counts. */
export function StatCard({ label, value, hint, hintHref, testId, href, linkLabel }: Props) {
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
      {hint && hintHref && (
        <LinkAnchor prefetch={false} href={hintHref} size="xs" mt={4} display="block" data-testid={testId ? `${testId}-hint` : undefined}>
          {hint}
        </LinkAnchor>
      )}
      {hint && !hintHref && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
