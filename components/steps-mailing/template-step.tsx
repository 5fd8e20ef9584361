'use client';

import { Alert, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { HtmlEditor } from '@/components/editor/html-editor';
import { templateLabel } from '@/lib/templates/template-label';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { FormError } from '@/components/ui/form-error';
import { DRAFT_SUBJECT_MAX } from '@/lib/drafts/validation';
import type { FieldErrors } from './steps-mailing-wizard';
import type { LanguageChoice, StepsMailingActions, TemplateChoice, WizardValues } from './types';

type Props = {
  templates: TemplateChoice[];
  languages: LanguageChoice[];
  values: WizardValues;
  set: <K extends keyof WizardValues>(key: K, value: WizardValues[K]) => void;
  update: (patch: Partial<WizardValues>) => void;
  errors: FieldErrors;
  loadTemplate: StepsMailingActions['loadTemplate'];
};

type Loaded = { id: string; name: string; html: string; languageId: number | null };

/** Step two: a template (optionally of one language) gives the text, which may be adjusted; the subject. */
export function TemplateStep({ templates, languages, values, set, update, errors, loadTemplate }: Props) {
  const t = useTranslations('stepsMailing.template');
  const tSummary = useTranslations('stepsMailing.summary');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadedName, setLoadedName] = useState<string | null>(null);
  /** The HTML the last template gave: an untouched text is replaced without asking. */
  const [loadedHtml, setLoadedHtml] = useState<string | null>(null);
  const [pending, setPending] = useState<Loaded | null>(null);
  // The editor reads its value once: a new text from a template opens a new editor.
  const [editorKey, setEditorKey] = useState(0);

  const shown = templates.filter((template) => !values.languageId || String(template.languageId ?? '') === values.languageId);
  const languageName = new Map(languages.map((language) => [String(language.id), language.name]));

  const apply = (template: Loaded) => {
    update({
      templateId: template.id,
      html: template.html,
      languageId: template.languageId ? String(template.languageId) : values.languageId,
      subject: values.subject.trim() ? values.subject : template.name,
    });
    setLoadedHtml(template.html);
    setLoadedName(template.name);
    setEditorKey((key) => key + 1);
    setPending(null);
  };

  const choose = async (id: string | null) => {
    if (!id) return;
    setLoading(true);
    const result = await loadTemplate({ id });
    setLoading(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    const edited = values.html.trim() !== '' && values.html !== loadedHtml && values.html !== result.data.html;
    if (edited) setPending(result.data);
    else apply(result.data);
  };

  return (
    <Stack gap="md" pt="md">
      <FormError message={error} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('language')}
          data={[{ value: '', label: t('allLanguages') }, ...languages.map((language) => ({ value: String(language.id), label: language.name }))]}
          value={values.languageId}
          onChange={(value) => set('languageId', value ?? '')}
          allowDeselect={false}
        />
        <Select
          label={t('template')}
          placeholder={t('templatePlaceholder')}
          data={shown.map((template) => ({
            value: template.id,
            label: values.languageId ? template.name : templateLabel(template.name, template.languageId ? languageName.get(String(template.languageId)) : null),
          }))}
          value={values.templateId && shown.some((template) => template.id === values.templateId) ? values.templateId : null}
          onChange={(id) => void choose(id)}
          searchable
          nothingFoundMessage={t('noTemplates')}
          rightSection={loading ? <Loader size={14} aria-label={t('loading')} role="status" /> : undefined}
          data-testid="template-select"
        />
      </SimpleGrid>
      {loadedName && (
        <Text size="sm" c="dimmed" role="status">
          {t('replaced', { name: loadedName })}
        </Text>
      )}
      <TextInput
        label={t('subject')}
        placeholder={t('subjectPlaceholder')}
        value={values.subject}
        onChange={(event) => set('subject', event.currentTarget.value)}
        maxLength={DRAFT_SUBJECT_MAX}
        error={errors.subject}
        withAsterisk
      />
      <Stack gap={4}>
        <HtmlEditor key={editorKey} label={t('html')} value={values.html} onChange={(html) => set('html', html)} height={420} placeholders="newsletter" />
        <Text size="xs" c="dimmed">
          {t('htmlHint', { placeholders: '{{nome}}, {{cognome}}, {{campeggio}}, {{linkDisiscrizione}}' })}
        </Text>
        {errors.html && (
          <Alert color="red" role="alert" p="xs">
            {errors.html}
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={t('replaceTitle')}
        message={t('replaceText')}
        confirmLabel={tSummary('confirm')}
        cancelLabel={tSummary('cancel')}
        closeLabel={tSummary('cancel')}
        pending={false}
        onConfirm={() => pending && apply(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
