'use client';

import { BarChart } from '@mantine/charts';

type Row = { label: string; value: number };

/**
 * Quotes by progress; the table beside it carries the same figures for screen readers. The bars
 * lie down, one state a line with its name in full beside it: ten names under upright bars ran into
 * one another on a phone, even slanted.
 */
export function ProgressChart({ rows, seriesLabel, title }: { rows: Row[]; seriesLabel: string; title: string }) {
  return (
    <div role="img" aria-label={title}>
      <BarChart
        h={rows.length * 28 + 40}
        data={rows.map((row) => ({ stato: row.label, [seriesLabel]: row.value }))}
        dataKey="stato"
        orientation="vertical"
        series={[{ name: seriesLabel, color: 'teal.7' }]}
        tickLine="x"
        gridAxis="x"
        yAxisProps={{ width: 124, interval: 0 }}
        withTooltip
      />
    </div>
  );
}
