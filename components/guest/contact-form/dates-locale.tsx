'use client';

import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/nl';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';

/** Month and day names of the calendars in the guest's language (the staff's are Italian); weeks from Monday. */
export function DatesLocale({ locale, children }: { locale: GuestLocale; children: ReactNode }) {
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
