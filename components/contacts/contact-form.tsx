'use client';

import { Alert, Anchor, Button, Fieldset, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/actions';
import type { ContactFormOptions } from '@/lib/contacts/reference';
import type { ContactFormState } from '@/lib/contacts/form-state';
import { contactInputSchema, type ContactInput } from '@/lib/contacts/validation';
import { fieldIssues } from '@/lib/validation';

type SaveOutcome = { id: string } | { duplicate: { message: string; contactId: string } };
/** The server action that creates, or the one that saves an existing contact (with its id). */
export type ContactSave =
  | { kind: 'create'; action: (input: ContactInput) => Promise<ActionResult<SaveOutcome>> }
  | { kind: 'edit'; id: string; action: (input: { id: string; contact: ContactInput }) => Promise<ActionResult<SaveOutcome>> };
type Props = {
  options: ContactFormOptions;
  initial: ContactFormState;
  /** Creates or saves; the form keeps what was typed when it is refused. */
  save: ContactSave;
  submitLabel: string;
  successMessage: string;
  cancelHref: string;
};

/** Section titles a step above the field labels. */
const LEGEND = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' } };

export function ContactForm({ options, initial, save, submitLabel, successMessage, cancelHref }: Props) {
  const t = useTranslations('contacts');
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ message: string; duplicateId?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const set = <K extends keyof ContactFormState>(key: K, value: ContactFormState[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  };

  /** Picking a nation fills an empty prefix and language with the nation's own. */
  const chooseNation = (nationId: string | null) => {
    const nation = options.nations.find((item) => String(item.id) === nationId);
    setValues((current) => ({
      ...current,
      nationId: nationId ?? '',
      phonePrefix: current.phonePrefix || nation?.phonePrefix || '',
      languageId: current.languageId || (nation?.languageId ? String(nation.languageId) : ''),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactInputSchema.safeParse(values);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      setFieldErrors(Object.fromEntries(issues.filter((issue) => issue.path).map((issue) => [issue.path, issue.message])));
      const general = issues.find((issue) => !issue.path);
      setError({ message: general?.message ?? t('form.fieldsInvalid') });
      return;
    }
    startTransition(async () => {
      const result = save.kind === 'create' ? await save.action(parsed.data) : await save.action({ id: save.id, contact: parsed.data });
      if (!result.ok) {
        // The edit action nests the contact under "contact.": the fields are the same.
        setFieldErrors(Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [path.replace(/^contact\./, ''), message])));
        setError({ message: result.error });
        return;
      }
      if ('duplicate' in result.data) {
        setFieldErrors({ email: result.data.duplicate.message });
        setError({ message: result.data.duplicate.message, duplicateId: result.data.duplicate.contactId });
        return;
      }
      notifications.show({ color: 'teal', message: successMessage, autoClose: 3000 });
      router.push(`/clienti/${result.data.id}`);
    });
  };

  const languageData = options.languages.map((item) => ({ value: String(item.id), label: item.name }));
  const nationData = options.nations.map((item) => ({ value: String(item.id), label: item.name }));
  const tagData = [...new Set([...options.tags, ...values.tags])];

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('form.errorTitle')} role="alert" data-testid="contact-form-error">
            {error.message}
            {error.duplicateId && (
              <>
                {' '}
                <Anchor component={Link} href={`/clienti/${error.duplicateId}`}>
                  {t('form.openDuplicate')}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="lg">
            <Fieldset legend={t('form.sectionPerson')} variant="unstyled" styles={LEGEND}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.firstName')} value={values.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} error={fieldErrors.firstName} autoComplete="off" data-autofocus />
                <TextInput label={t('fields.lastName')} value={values.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} error={fieldErrors.lastName} autoComplete="off" />
                <Select
                  label={t('fields.nation')}
                  data={nationData}
                  value={values.nationId || null}
                  onChange={chooseNation}
                  searchable
                  clearable
                  placeholder={t('form.selectPlaceholder')}
                  nothingFoundMessage={t('form.nothingFound')}
                  error={fieldErrors.nationId}
                />
                <Select
                  label={t('fields.language')}
                  data={languageData}
                  value={values.languageId || null}
                  onChange={(value) => set('languageId', value ?? '')}
                  searchable
                  clearable
                  placeholder={t('form.selectPlaceholder')}
                  nothingFoundMessage={t('form.nothingFound')}
                  error={fieldErrors.languageId}
                />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('form.sectionContact')} variant="unstyled" styles={LEGEND}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  value={values.email}
                  onChange={(e) => set('email', e.currentTarget.value)}
                  error={fieldErrors.email}
                  placeholder={t('form.emailPlaceholder')}
                  autoComplete="off"
                />
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={t('fields.phonePrefix')}
                    value={values.phonePrefix}
                    onChange={(e) => set('phonePrefix', e.currentTarget.value)}
                    error={fieldErrors.phonePrefix}
                    placeholder={t('form.prefixPlaceholder')}
                    w={96}
                    inputMode="tel"
                  />
                  <TextInput
                    label={t('fields.phone')}
                    type="tel"
                    value={values.phone}
                    onChange={(e) => set('phone', e.currentTarget.value)}
                    error={fieldErrors.phone}
                    placeholder={t('form.phonePlaceholder')}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                </Group>
                <TextInput label={t('fields.address')} value={values.address} onChange={(e) => set('address', e.currentTarget.value)} error={fieldErrors.address} />
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput label={t('fields.city')} value={values.city} onChange={(e) => set('city', e.currentTarget.value)} error={fieldErrors.city} style={{ flex: 1, minWidth: 0 }} />
                  <TextInput label={t('fields.postalCode')} value={values.postalCode} onChange={(e) => set('postalCode', e.currentTarget.value)} error={fieldErrors.postalCode} w={110} />
                </Group>
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('form.sectionOther')} variant="unstyled" styles={LEGEND}>
              <Stack gap="sm">
                <MultiSelect
                  label={t('fields.tags')}
                  data={tagData}
                  value={values.tags}
                  onChange={(tags) => set('tags', tags)}
                  placeholder={tagData.length ? t('form.tagsPlaceholder') : t('form.noTags')}
                  disabled={tagData.length === 0}
                  error={fieldErrors.tags}
                  searchable
                  clearable
                  nothingFoundMessage={t('form.nothingFound')}
                />
                <Textarea label={t('fields.notes')} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} error={fieldErrors.notes} autosize minRows={3} maxRows={10} />
              </Stack>
            </Fieldset>
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} href={cancelHref} variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
