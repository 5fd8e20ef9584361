import dayjs from 'dayjs';

/** The date-time picker's value ('YYYY-MM-DD HH:mm:ss', the browser's local time). */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The picker's local time as an instant (ISO 8601); null when empty or unreadable. */
export function sendAtInstant(value: string | null): string | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate().toISOString() : null;
}

/** A stored instant as the picker's value. */
export const pickerValue = (instant: string | null) => (instant ? dayjs(instant).format(PICKER_FORMAT) : null);
