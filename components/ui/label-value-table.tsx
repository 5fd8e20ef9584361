import { Table, TableTbody, TableTd, TableTh, TableTr } from '@mantine/core';
import type { ReactNode } from 'react';

export type LabelValueRow = { label: string; value: ReactNode };

/** A record read as label and value, one per line (a request's fields, a guest's last stay). */
export function LabelValueTable({ rows }: { rows: LabelValueRow[] }) {
  return (
    <Table fz="sm" verticalSpacing={6} withRowBorders>
      <TableTbody>
        {rows.map((row) => (
          <TableTr key={row.label}>
            <TableTh scope="row" w="40%" fw={600}>
              {row.label}
            </TableTh>
            <TableTd style={{ overflowWrap: 'anywhere' }}>{row.value}</TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </Table>
  );
}
