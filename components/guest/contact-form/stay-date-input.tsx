'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toIsoDate } from '@/lib/requests/stay-dates';
import { controlProps, FieldFrame, type FrameProps } from './field-frame';

type Props = FrameProps & {
  /** As typed: dd/mm/yyyy, which the server reads as it reads an ISO date. */
  value: string;
  /** The first day allowed (ISO): today for the arrival, the day after the arrival for the departure. */
  minDate: string;
  tooEarly: string;
  onChange: (value: string) => void;
};

/**
 * A day of the stay typed as dd/mm/yyyy whatever the browser's language, as the staff's date
 * fields take it; a plain text box rather than a calendar, which cost the page most of its
 * script (issue 28). A day before `minDate` is pointed out as the guest leaves the field; the
 * server checks it again.
 */
export function StayDateInput({ value, minDate, tooEarly, onChange, ...frame }: Props) {
  const t = useTranslations('guestForm');
  const [early, setEarly] = useState(false);
  const iso = toIsoDate(value);
  const props = { ...frame, error: frame.error || (early && iso && iso < minDate ? tooEarly : undefined) };
  return (
    <FieldFrame {...props}>
      <input
        {...controlProps(props)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('placeholders.date')}
        maxLength={10}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setEarly(true)}
      />
    </FieldFrame>
  );
}
