'use client';

import { BarChart } from '@mantine/charts';

type Row = { label: string; value: number };

/** Quotes by progress; the table beside it carries the same figures for screen readers. */
export function ProgressChart({ rows, seriesLabel, title }: { rows: Row[]; seriesLabel: string; title: string }) {
  return (
    <div role="img" aria-label={title}>
      <BarChart
        h={260}
        data={rows.map((row) => ({ stato: row.label, [seriesLabel]: row.value }))}
        dataKey="stato"
        series={[{ name: seriesLabel, color: 'teal.7' }]}
        tickLine="y"
        gridAxis="y"
        xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 60 }}
        withTooltip
      />
    </div>
  );
}
