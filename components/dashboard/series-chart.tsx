'use client';

import { BarChart, LineChart } from '@mantine/charts';

type Props = {
  title: string;
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; color: string }[];
  kind?: 'bar' | 'line';
  testId?: string;
};

/** A bar or line chart; the figures beside it carry the same numbers as text. */
export function SeriesChart({ title, data, dataKey, series, kind = 'bar', testId }: Props) {
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <div role="img" aria-label={title} data-testid={testId}>
      <Chart h={240} {...(kind === 'line' ? { curveType: 'linear' as const } : {})} data={data} dataKey={dataKey} series={series} tickLine="y" gridAxis="y" withLegend={series.length > 1} withTooltip />
    </div>
  );
}
