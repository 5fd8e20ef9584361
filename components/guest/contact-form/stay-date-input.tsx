'use client';

import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { parseItalianDate } from '@/lib/date-filter';

type Props = {
  id: string;
  label: string;
  required: boolean;
  value: string | null;
  minDate: string;
  error?: string;
  onChange: (value: string | null) => void;
};

/**
 * A day of the stay, typed or picked as dd/mm/yyyy whatever the browser's language (as
 * components/ui/date-field.tsx does for staff), with the required mark and the calendar's
 * buttons named in the guest's language.
 */
export function StayDateInput({ id, label, required, value, minDate, error, onChange }: Props) {
  const t = useTranslations('guestForm');
  return (
    <DateInput
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={onChange}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseItalianDate(text)}
      placeholder={t('placeholders.date')}
      minDate={minDate}
      defaultDate={value ?? minDate}
      leftSection={<IconCalendar size={16} aria-hidden />}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      // Inside the page's landmark, so screen readers find the calendar where the field is.
      popoverProps={{ withinPortal: false }}
      ariaLabels={{
        previousMonth: t('calendar.previousMonth'),
        nextMonth: t('calendar.nextMonth'),
        previousYear: t('calendar.previousYear'),
        nextYear: t('calendar.nextYear'),
        previousDecade: t('calendar.previousDecade'),
        nextDecade: t('calendar.nextDecade'),
        monthLevelControl: t('calendar.monthLevel'),
        yearLevelControl: t('calendar.yearLevel'),
      }}
    />
  );
}
