import { Badge } from '@mantine/core';
import { PROGRESS_COLORS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';

/** A quote's progress in its own colours, the same everywhere it appears. */
export function ProgressTag({ progress, label }: { progress: QuoteProgress; label: string }) {
  const colors = PROGRESS_COLORS[progress];
  return (
    <Badge radius="sm" variant="filled" style={{ backgroundColor: colors.background, color: colors.text }} tt="none">
      {label}
    </Badge>
  );
}
