'use client';

import { Alert, Anchor, Button, Checkbox, Fieldset, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition, type FormEvent } from 'react';
import type { FormFieldCode, ShownField } from '@/lib/vocabulary/request-fields';
import { Confirmation } from './confirmation';
import { fieldId, FormField } from './form-field';
import { Honeypot } from './honeypot';
import type { ClientFormOptions, FormValues, SendRequest, SentRequest } from '../../../lib/requests/contact-form-types';

type Props = { options: ClientFormOptions; initial: FormValues; send: SendRequest; campsiteName: string };

/** The stay's pairs (arrival and departure, adults and children) stay side by side even on a phone. */
const SECTIONS: { key: 'guest' | 'stay' | 'message'; fields: FormFieldCode[]; phoneColumns: 1 | 2 }[] = [
  { key: 'guest', fields: ['nome', 'cognome', 'email', 'telefono', 'nazione', 'lingua'], phoneColumns: 1 },
  { key: 'stay', fields: ['arrivo', 'partenza', 'tipologia', 'adulti', 'bambini'], phoneColumns: 2 },
  { key: 'message', fields: ['messaggio'], phoneColumns: 1 },
];
/** Fields that take the whole row on a wide screen. */
const WIDE: FormFieldCode[] = ['tipologia', 'messaggio'];

const LEGEND = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-xs)' } };

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
      <div key={item.field} style={WIDE.includes(item.field) ? { gridColumn: '1 / -1' } : undefined}>
        <FormField code={item.field} required={item.required} values={values} errors={errors} options={options} onChange={set} />
      </div>
    );

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} style={{ position: 'relative' }} data-testid="contact-form">
      <Stack gap="md">
        {failure && (
          <Alert ref={alert} tabIndex={-1} color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('errors.title')} role="alert" data-testid="contact-form-error">
            {failure}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="lg">
            <Text size="sm">{t('requiredNote')}</Text>
            {SECTIONS.map((section) => {
              const items = options.fields.filter((item) => section.fields.includes(item.field));
              if (items.length === 0) return null;
              return (
                <Fieldset key={section.key} legend={t(`sections.${section.key}`)} variant="unstyled" styles={LEGEND}>
                  <SimpleGrid cols={{ base: section.phoneColumns, sm: 2 }} spacing={{ base: 'sm', sm: 'md' }} verticalSpacing="md">
                    {items.map(field)}
                  </SimpleGrid>
                </Fieldset>
              );
            })}
            {privacy && (
              <Checkbox
                id={fieldId('privacy')}
                checked={values.privacy}
                onChange={(event) => set('privacy', event.currentTarget.checked)}
                label={
                  <>
                    {t('privacy.label')}{' '}
                    <Text span c="red.8" aria-hidden>
                      *
                    </Text>
                  </>
                }
                required
                error={errors.privacy}
                description={
                  options.policyLink ? (
                    <Anchor href={options.policyLink} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('privacy.policy')} <VisuallyHidden>{t('privacy.newTab')}</VisuallyHidden>
                    </Anchor>
                  ) : undefined
                }
              />
            )}
            <Checkbox
              id="contact-form-newsletter"
              checked={values.newsletter}
              onChange={(event) => set('newsletter', event.currentTarget.checked)}
              label={t('newsletter.label')}
              description={t('newsletter.hint')}
              data-testid="contact-form-newsletter"
            />
            <Honeypot value={values.website} onChange={(value) => set('website', value)} />
            {/* teal.9: white on the theme's teal.8 is below WCAG AA for 16px text. */}
            <Button type="submit" size="md" color="teal.9" loading={pending} w={{ base: '100%', xs: 'auto' }} miw={220} style={{ alignSelf: 'flex-start' }}>
              {t('submit')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
