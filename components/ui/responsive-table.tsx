import { rem, Table, type TableProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './responsive-table.module.css';

type Props = TableProps & {
  /** The table's width from the sm breakpoint up; below it the rows are cards and need none. */
  minWidth: number;
};

/** A staff list's table that becomes a stack of cards on a phone (see the CSS module). */
export function ResponsiveTable({ minWidth, className, children, ...props }: Props) {
  return (
    <div className={classes.box} style={{ '--rt-min-width': rem(minWidth) } as CSSProperties}>
      <Table {...props} className={className ? `${classes.table} ${className}` : classes.table}>
        {children}
      </Table>
    </div>
  );
}

type CardRole = 'primary' | 'badge' | 'short' | 'wide' | 'actions';

/** A cell's place on the phone's card: its column's name, shown above the value, and its role. */
export function cardCell(label: string | null, role: CardRole = 'wide') {
  return { 'data-label': label ?? undefined, 'data-card': role };
}
