'use client';

import { Group, NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { MAX_PEOPLE, MESSAGE_MAX, type FormFieldCode } from '@/lib/vocabulary/request-fields';
import { StayDateInput } from './stay-date-input';
import type { Choice, ClientFormOptions, FormValues } from '../../../lib/requests/contact-form-types';

export type FieldProps = {
  code: Exclude<FormFieldCode, 'privacy'>;
  required: boolean;
  values: FormValues;
  errors: Record<string, string>;
  options: ClientFormOptions;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
};

/** Ids the form moves the focus to when the server finds a problem in that field. */
export const fieldId = (code: string) => `contact-form-${code}`;

/** A select of the page's language: an empty first choice unless one must be made. */
function choices(list: Choice[], placeholder: string) {
  return [{ value: '', label: placeholder }, ...list];
}

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One configured field of the contact form, labelled, hinted and with its error, in the guest's language. */
export function FormField({ code, required, values, errors, options, onChange }: FieldProps) {
  const t = useTranslations('guestForm');
  const common = { id: fieldId(code), label: t(`fields.${code}`), required, error: errors[code] };
  const text = (key: 'nome' | 'cognome', autoComplete: string) => (
    <TextInput {...common} value={values[key]} onChange={(event) => onChange(key, event.currentTarget.value)} autoComplete={autoComplete} maxLength={100} />
  );

  switch (code) {
    case 'nome':
      return text('nome', 'given-name');
    case 'cognome':
      return text('cognome', 'family-name');
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          inputMode="email"
          autoComplete="email"
          description={t('hints.email')}
          placeholder={t('placeholders.email')}
          value={values.email}
          onChange={(event) => onChange('email', event.currentTarget.value)}
          maxLength={320}
        />
      );
    case 'telefono':
      return (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NativeSelect
            id={fieldId('prefisso')}
            label={t('fields.prefisso')}
            data={choices(options.prefixes, '—')}
            value={values.prefisso}
            onChange={(event) => onChange('prefisso', event.currentTarget.value)}
            autoComplete="tel-country-code"
            w={112}
            style={{ flexShrink: 0 }}
          />
          <TextInput
            {...common}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={values.telefono}
            onChange={(event) => onChange('telefono', event.currentTarget.value)}
            maxLength={30}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>
      );
    case 'nazione':
    case 'lingua':
    case 'tipologia': {
      const list = code === 'nazione' ? options.nations : code === 'lingua' ? options.languages : options.typologies;
      return (
        <NativeSelect
          {...common}
          data={choices(list, t('placeholders.choose'))}
          value={values[code]}
          onChange={(event) => onChange(code, event.currentTarget.value)}
          description={code === 'tipologia' && !required ? t('hints.typology') : undefined}
          autoComplete={code === 'nazione' ? 'country' : 'off'}
        />
      );
    }
    case 'arrivo':
    case 'partenza': {
      const arrival = values.arrivo || null;
      const minDate = code === 'arrivo' ? options.today : nextDay(arrival ?? options.today);
      return <StayDateInput {...common} value={values[code] || null} minDate={minDate} onChange={(value) => onChange(code, value ?? '')} />;
    }
    case 'adulti':
    case 'bambini': {
      const ages = options.ages;
      const hint =
        code === 'adulti'
          ? ages.adultsFrom !== null ? t('hints.adults', { age: ages.adultsFrom }) : undefined
          : ages.children ? t('hints.children', { from: ages.children.from, to: ages.children.to }) : undefined;
      return (
        <NumberInput
          {...common}
          description={hint}
          value={values[code]}
          onChange={(value) => onChange(code, value)}
          min={code === 'adulti' ? 1 : 0}
          max={MAX_PEOPLE}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          clampBehavior="none"
        />
      );
    }
    case 'messaggio':
      return (
        <Textarea
          {...common}
          description={t('hints.message', { count: values.messaggio.length, max: MESSAGE_MAX })}
          value={values.messaggio}
          onChange={(event) => onChange('messaggio', event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MESSAGE_MAX}
        />
      );
  }
}
