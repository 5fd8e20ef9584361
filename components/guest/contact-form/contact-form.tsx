'use client';

import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition, type FormEvent } from 'react';
import type { FormFieldCode, ShownField } from '@/lib/vocabulary/request-fields';
import { Confirmation } from './confirmation';
import styles from './contact.module.css';
import guestStyles from '../guest.module.css';
import { describedBy } from './field-frame';
import { fieldId, FormField } from './form-field';
import { Honeypot } from './honeypot';
import type { ClientFormOptions, FormValues, SendRequest, SentRequest } from '../../../lib/requests/contact-form-types';

type Props = { options: ClientFormOptions; initial: FormValues; send: SendRequest; campsiteName: string };

/** The stay's pairs (arrival and departure, adults and children) stay side by side even on a phone. */
const SECTIONS: { key: 'guest' | 'stay' | 'message'; fields: FormFieldCode[]; pairs: boolean }[] = [
  { key: 'guest', fields: ['nome', 'cognome', 'email', 'telefono', 'nazione', 'lingua'], pairs: false },
  { key: 'stay', fields: ['arrivo', 'partenza', 'tipologia', 'adulti', 'bambini'], pairs: true },
  { key: 'message', fields: ['messaggio'], pairs: false },
];
/** Fields that take the whole row on a wide screen. */
const WIDE: FormFieldCode[] = ['tipologia', 'messaggio'];

/**
 * The guest's request form. Every field is controlled, so a refusal from the server (in the
 * guest's language, under each field) leaves everything typed in place; the honeypot travels
 * with the rest.
 */
export function ContactForm({ options, initial, send, campsiteName }: Props) {
  const t = useTranslations('guestForm');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<SentRequest | null>(null);
  const [pending, startTransition] = useTransition();
  const prefixChosen = useRef(false);
  const alert = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ field: FormFieldCode | null } | null>(null);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    if (key === 'prefisso') prefixChosen.current = true;
    setValues((current) => {
      const next = { ...current, [key]: value };
      // A country brings its prefix until the guest picks one themselves.
      const nation = key === 'nazione' ? options.nations.find((item) => item.value === value) : undefined;
      if (nation && !prefixChosen.current && options.prefixes.some((item) => item.value === nation.phonePrefix)) next.prefisso = nation.phonePrefix;
      return next;
    });
    const errorKey = key === 'prefisso' ? 'telefono' : key;
    setErrors((current) => (current[errorKey] ? { ...current, [errorKey]: '' } : current));
  };

  // After the refusal is on screen: to the first field to fix, in the order they appear, else to the message.
  useEffect(() => {
    if (!focus) return;
    (focus.field ? document.getElementById(fieldId(focus.field)) : alert.current)?.focus();
  }, [focus]);

  const refuse = (error: string, fieldErrors: Record<string, string> = {}) => {
    setErrors(fieldErrors);
    setFailure(error);
    setFocus({ field: options.fields.find((item) => fieldErrors[item.field])?.field ?? null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      try {
        const result = await send(values);
        if (result.ok) setSent(result.data);
        else refuse(result.error, result.fieldErrors);
      } catch {
        // The connection dropped or the server failed: the form and its values stay.
        refuse(t('errors.unexpected'));
      }
    });
  };

  if (sent) return <Confirmation sent={sent} campsiteName={campsiteName} />;

  const shown = new Map(options.fields.map((item) => [item.field, item]));
  const privacy = shown.get('privacy');
  const field = (item: ShownField) =>
    item.field === 'privacy' ? null : (
      <div key={item.field} className={WIDE.includes(item.field) ? styles.wide : undefined}>
        <FormField code={item.field} required={item.required} values={values} errors={errors} options={options} onChange={set} />
      </div>
    );
  const privacyId = fieldId('privacy');
  const policy = options.policyLink ? (
    <a href={options.policyLink} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {t('privacy.policy')} <span className={styles.visuallyHidden}>{t('privacy.newTab')}</span>
    </a>
  ) : undefined;

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className={styles.form} data-testid="contact-form">
      {failure && (
        <div ref={alert} tabIndex={-1} role="alert" className={styles.alert} data-testid="contact-form-error">
          <p className={styles.alertTitle}>
            <IconAlertCircle size={18} aria-hidden />
            {t('errors.title')}
          </p>
          <p>{failure}</p>
        </div>
      )}
      <div className={styles.card}>
        <p className={styles.small}>{t('requiredNote')}</p>
        {SECTIONS.map((section) => {
          const items = options.fields.filter((item) => section.fields.includes(item.field));
          if (items.length === 0) return null;
          return (
            <fieldset key={section.key} className={styles.section}>
              <legend className={styles.legend}>{t(`sections.${section.key}`)}</legend>
              <div className={section.pairs ? `${styles.grid} ${styles.pairs}` : styles.grid}>{items.map(field)}</div>
            </fieldset>
          );
        })}
        {privacy && (
          <div>
            <div className={styles.checkRow}>
              <input
                id={privacyId}
                type="checkbox"
                className={styles.check}
                checked={values.privacy}
                onChange={(event) => set('privacy', event.currentTarget.checked)}
                required
                aria-invalid={errors.privacy ? true : undefined}
                aria-describedby={describedBy(privacyId, policy, errors.privacy)}
              />
              <div className={styles.field}>
                <label htmlFor={privacyId}>
                  {t('privacy.label')}{' '}
                  <span className={styles.required} aria-hidden>
                    *
                  </span>
                </label>
                {policy && (
                  <div id={`${privacyId}-description`} className={styles.hint}>
                    {policy}
                  </div>
                )}
                {errors.privacy && (
                  <div id={`${privacyId}-error`} className={styles.error}>
                    {errors.privacy}
                  </div>
                )}
              </div>
            </div>
          </div>
        )}
        <div className={styles.checkRow}>
          <input
            id="contact-form-newsletter"
            type="checkbox"
            className={styles.check}
            checked={values.newsletter}
            onChange={(event) => set('newsletter', event.currentTarget.checked)}
            aria-describedby="contact-form-newsletter-description"
            data-testid="contact-form-newsletter"
          />
          <div className={styles.field}>
            <label htmlFor="contact-form-newsletter">{t('newsletter.label')}</label>
            <div id="contact-form-newsletter-description" className={styles.hint}>
              {t('newsletter.hint')}
            </div>
          </div>
        </div>
        <Honeypot value={values.website} onChange={(value) => set('website', value)} />
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending && <span className={guestStyles.spinner} aria-hidden />}
          {t('submit')}
        </button>
      </div>
    </form>
  );
}
