import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { TemplateForm, type TemplateFormState } from '@/components/templates/template-form';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { templateLanguages } from '@/lib/templates/languages';
import { getTemplate, type TemplateRow } from '@/lib/templates/service';
import { previewTemplateAction, saveTemplateAction, searchPreviewContactsAction } from '../actions';

type Props = { params: Promise<{ id?: string[] }>; searchParams: Promise<{ uso?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('templates.form');
  return { title: (await params).id ? t('editTitle') : t('newTitle') };
}

const EMPTY: TemplateFormState = { name: '', html: '', note: '', languageId: '', isReminder: false, purpose: 'quote' };

function formState(template: TemplateRow): TemplateFormState {
  return { name: template.name, html: template.html, note: template.note, languageId: template.languageId ? String(template.languageId) : '', isReminder: template.isReminder, purpose: template.purpose };
}

/**
 * /templator for a new template (?uso=newsletter: a newsletter's), /templator/:id for an existing
 * one; another campsite's id is a 404.
 */
export default async function TemplatorPage({ params, searchParams }: Props) {
  const { run } = await staffPage({ packLevel: 10 });
  const { id } = await params;
  const { uso } = await searchParams;
  if (id && id.length > 1) notFound();
  const t = await getTranslations('templates.form');
  let template: TemplateRow | null = null;
  if (id) {
    try {
      template = await run((ctx) => getTemplate(ctx, id[0]));
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') notFound();
      throw error;
    }
  }
  const languages = await run(({ db }) => templateLanguages(db));

  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{template ? t('editTitle') : t('newTitle')}</Title>
          {template && <Text c="dimmed">{template.name}</Text>}
        </div>
        <TemplateForm
          key={template?.id ?? 'nuovo'}
          templateId={template?.id ?? null}
          version={template?.version ?? null}
          initial={template ? formState(template) : { ...EMPTY, purpose: uso === 'newsletter' ? 'newsletter' : 'quote' }}
          languages={languages}
          save={saveTemplateAction}
          preview={{ preview: previewTemplateAction, searchContacts: searchPreviewContactsAction }}
        />
      </Stack>
    </PageContainer>
  );
}
