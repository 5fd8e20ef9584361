'use client';

import { Alert, Button, Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { HtmlEditor } from '@/components/editor/html-editor';
import type { ActionResult } from '@/lib/actions';
import type { LanguageOption } from '@/lib/templates/languages';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { fieldIssues } from '@/lib/validation';
import { TemplatePreview, type PreviewActions } from './template-preview';

/** What the form edits, as the inputs hold it (the language as the string of the select). */
export type TemplateFormState = { name: string; html: string; note: string; languageId: string; isReminder: boolean; purpose: 'quote' | 'newsletter' };

type SaveInput = { id: string | null; version: number | null; template: Omit<TemplateFormState, 'languageId'> & { languageId: string } };
export type SaveTemplate = (input: SaveInput) => Promise<ActionResult<{ id: string; version: number }>>;

type Props = {
  templateId: string | null;
  version: number | null;
  initial: TemplateFormState;
  languages: LanguageOption[];
  save: SaveTemplate;
  preview: PreviewActions;
};

/** The template editor page's form: a refused save shows why in Italian and keeps everything typed. */
export function TemplateForm({ templateId, version: loadedVersion, initial, languages, save, preview }: Props) {
  const t = useTranslations('templates');
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [version, setVersion] = useState(loadedVersion);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  const set = <K extends keyof TemplateFormState>(key: K, value: TemplateFormState[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateFieldsSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(fieldIssues(parsed.error).map((issue) => [issue.path, issue.message])));
      setError(t('form.fieldsInvalid'));
      return;
    }
    startTransition(async () => {
      const result = await save({ id: templateId, version, template: values });
      if (!result.ok) {
        setFieldErrors(Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [path.replace(/^template\./, ''), message])));
        setError(result.error);
        return;
      }
      setError(null);
      setVersion(result.data.version);
      notifications.show({ color: 'teal', message: templateId ? t('form.saved') : t('form.created'), autoClose: 3000 });
      // A new template gets its own address; an edited one stays as it is on screen.
      if (!templateId) router.replace(`/templator/${result.data.id}`);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('form.errorTitle')} role="alert" data-testid="template-form-error">
            {error}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('form.name')}
                placeholder={t('form.namePlaceholder')}
                value={values.name}
                onChange={(event) => set('name', event.currentTarget.value)}
                error={fieldErrors.name}
                required
                data-autofocus
              />
              <Select
                label={t('form.language')}
                placeholder={t('form.languagePlaceholder')}
                data={languages.map((language) => ({ value: String(language.id), label: language.name }))}
                value={values.languageId || null}
                onChange={(value) => set('languageId', value ?? '')}
                error={fieldErrors.languageId}
                clearable
                searchable
              />
            </SimpleGrid>
            <Textarea
              label={t('form.note')}
              placeholder={t('form.notePlaceholder')}
              value={values.note}
              onChange={(event) => set('note', event.currentTarget.value)}
              error={fieldErrors.note}
              autosize
              minRows={2}
              maxRows={6}
            />
            <Input.Wrapper label={t('form.purpose')} description={t(values.purpose === 'newsletter' ? 'form.purposeNewsletterHint' : 'form.purposeQuoteHint')} error={fieldErrors.purpose}>
              <SegmentedControl
                mt={4}
                aria-label={t('form.purpose')}
                value={values.purpose}
                onChange={(value) => setValues((current) => ({ ...current, purpose: value === 'newsletter' ? 'newsletter' : 'quote', isReminder: value === 'newsletter' ? false : current.isReminder }))}
                data={[
                  { value: 'quote', label: t('form.purposeQuote') },
                  { value: 'newsletter', label: t('form.purposeNewsletter') },
                ]}
                data-testid="template-purpose"
              />
            </Input.Wrapper>
            {values.purpose === 'quote' && (
              <Switch
                label={t('form.reminder')}
                description={t('form.reminderHint')}
                checked={values.isReminder}
                onChange={(event) => set('isReminder', event.currentTarget.checked)}
              />
            )}
            <HtmlEditor label={t('form.body')} value={values.html} onChange={(html) => set('html', html)} placeholders={values.purpose} />
            {fieldErrors.html && (
              <Alert color="red" role="alert">
                {fieldErrors.html}
              </Alert>
            )}
          </Stack>
        </Paper>
        <Group justify="space-between" gap="sm">
          <Button variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => setPreviewOpen(true)}>
            {t('form.preview')}
          </Button>
          <Group gap="sm">
            <Button component={Link} href="/templateDashboard" variant="default">
              {t('form.back')}
            </Button>
            <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {templateId ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <TemplatePreview opened={previewOpen} onClose={() => setPreviewOpen(false)} html={values.html} actions={preview} />
    </form>
  );
}
