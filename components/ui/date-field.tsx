'use client';

import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseItalianDate } from '@/lib/date-filter';

type Props = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  placeholder?: string;
  error?: string;
};

/**
 * A calendar day typed or picked as dd/mm/yyyy, kept as 'yyyy-mm-dd': the same on every
 * browser, unlike the native date input that follows the browser's own language.
 */
export function DateField({ label, value, onChange, minDate, placeholder = 'gg/mm/aaaa', error }: Props) {
  return (
    <DateInput
      label={label}
      value={value}
      onChange={onChange}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseItalianDate(text)}
      placeholder={placeholder}
      minDate={minDate}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      error={error}
    />
  );
}
