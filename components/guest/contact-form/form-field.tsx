'use client';

import { useTranslations } from 'next-intl';
import { toIsoDate } from '@/lib/requests/stay-dates';
import { MESSAGE_MAX, type FormFieldCode } from '@/lib/vocabulary/request-fields';
import styles from './contact.module.css';
import { controlProps, FieldFrame, type FrameProps } from './field-frame';
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
function Options({ list, placeholder }: { list: Choice[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {list.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </>
  );
}

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One configured field of the contact form, labelled, hinted and with its error, in the guest's language. */
export function FormField({ code, required, values, errors, options, onChange }: FieldProps) {
  const t = useTranslations('guestForm');
  const frame = (description?: string): FrameProps => ({ id: fieldId(code), label: t(`fields.${code}`), required, error: errors[code], description });
  const text = (key: 'nome' | 'cognome', autoComplete: string) => {
    const props = frame();
    return (
      <FieldFrame {...props}>
        <input {...controlProps(props)} type="text" value={values[key]} onChange={(event) => onChange(key, event.currentTarget.value)} autoComplete={autoComplete} maxLength={100} />
      </FieldFrame>
    );
  };

  switch (code) {
    case 'nome':
      return text('nome', 'given-name');
    case 'cognome':
      return text('cognome', 'family-name');
    case 'email': {
      const props = frame(t('hints.email'));
      return (
        <FieldFrame {...props}>
          <input
            {...controlProps(props)}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            value={values.email}
            onChange={(event) => onChange('email', event.currentTarget.value)}
            maxLength={320}
          />
        </FieldFrame>
      );
    }
    case 'telefono': {
      const props = frame();
      const prefix: FrameProps = { id: fieldId('prefisso'), label: t('fields.prefisso'), required: false };
      return (
        <div className={styles.phone}>
          <FieldFrame {...prefix} className={styles.prefix}>
            <select {...controlProps(prefix)} required={undefined} value={values.prefisso} onChange={(event) => onChange('prefisso', event.currentTarget.value)} autoComplete="tel-country-code">
              <Options list={options.prefixes} placeholder="—" />
            </select>
          </FieldFrame>
          <FieldFrame {...props} className={styles.phoneNumber}>
            <input
              {...controlProps(props)}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={values.telefono}
              onChange={(event) => onChange('telefono', event.currentTarget.value)}
              maxLength={30}
            />
          </FieldFrame>
        </div>
      );
    }
    case 'nazione':
    case 'lingua':
    case 'tipologia': {
      const list = code === 'nazione' ? options.nations : code === 'lingua' ? options.languages : options.typologies;
      const props = frame(code === 'tipologia' && !required ? t('hints.typology') : undefined);
      return (
        <FieldFrame {...props}>
          <select {...controlProps(props)} value={values[code]} onChange={(event) => onChange(code, event.currentTarget.value)} autoComplete={code === 'nazione' ? 'country' : 'off'}>
            <Options list={list} placeholder={t('placeholders.choose')} />
          </select>
        </FieldFrame>
      );
    }
    case 'arrivo':
    case 'partenza': {
      const arrival = toIsoDate(values.arrivo);
      const minDate = code === 'arrivo' ? options.today : nextDay(arrival ?? options.today);
      const tooEarly = t(code === 'arrivo' ? 'errors.arrivalPast' : 'errors.departureOrder');
      return <StayDateInput {...frame()} value={values[code]} minDate={minDate} tooEarly={tooEarly} onChange={(value) => onChange(code, value)} />;
    }
    case 'adulti':
    case 'bambini': {
      const ages = options.ages;
      const hint =
        code === 'adulti'
          ? ages.adultsFrom !== null ? t('hints.adults', { age: ages.adultsFrom }) : undefined
          : ages.children ? t('hints.children', { from: ages.children.from, to: ages.children.to }) : undefined;
      const props = frame(hint);
      // A text box of digits, not type=number: no spinner to change it by scrolling, and what is typed stays as typed.
      return (
        <FieldFrame {...props}>
          <input
            {...controlProps(props)}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={values[code]}
            onChange={(event) => {
              const typed = event.currentTarget.value.replace(/[^0-9]/g, '');
              onChange(code, typed === '' ? '' : Number(typed));
            }}
          />
        </FieldFrame>
      );
    }
    case 'messaggio': {
      const props = frame(t('hints.message', { count: values.messaggio.length, max: MESSAGE_MAX }));
      return (
        <FieldFrame {...props}>
          <textarea {...controlProps(props)} value={values.messaggio} onChange={(event) => onChange('messaggio', event.currentTarget.value)} rows={4} maxLength={MESSAGE_MAX} />
        </FieldFrame>
      );
    }
  }
}
