'use client';

import 'dayjs/locale/it';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

/** Calendars in Italian, weeks from Monday, whatever language the browser speaks. */
export function ItalianDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'it', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
