import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { StepsMailingWizard, type WizardDraft } from '@/components/steps-mailing/steps-mailing-wizard';
import { staffPage, type StaffRequest } from '@/lib/context/staff';
import { listsForPicker } from '@/lib/drafts/lists-for-picker';
import { getNewsletterDraft, listNewsletterDrafts, type NewsletterDraft } from '@/lib/drafts/service';
import { AppError } from '@/lib/errors';
import { assertMailingProvider, mailingSettingsHref } from '@/lib/newsletter/campaign-start';
import { templateLanguages } from '@/lib/templates/languages';
import { listTemplates } from '@/lib/templates/service';
import { deleteDraftAction, loadTemplateAction, previewNewsletterAction, saveDraftAction, sendTestAction, startNewsletterAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('nav'))('guidedProcedure') };
}

const ACTIONS = {
  saveDraft: saveDraftAction,
  deleteDraft: deleteDraftAction,
  loadTemplate: loadTemplateAction,
  preview: previewNewsletterAction,
  sendTest: sendTestAction,
  start: startNewsletterAction,
};

function wizardDraft(draft: NewsletterDraft): WizardDraft {
  return {
    id: draft.id,
    listId: draft.listId,
    templateId: draft.templateId,
    languageId: draft.languageId,
    subject: draft.subject,
    html: draft.html,
    step: draft.step,
    sendAt: draft.sendAt,
    savedAt: draft.updatedAt.toISOString(),
  };
}

async function providerReady(run: StaffRequest['run']): Promise<boolean> {
  try {
    await run((ctx) => assertMailingProvider(ctx));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return false;
    throw error;
  }
}

/** /stepsMailing: the guided newsletter procedure; ?bozza=<id> resumes a saved draft (another campsite's is a 404). */
export default async function StepsMailingPage({ searchParams }: { searchParams: Promise<{ bozza?: string | string[] }> }) {
  const { tenant, run } = await staffPage({ packLevel: 10 });
  const { bozza } = await searchParams;
  const campsiteId = tenant.campsiteId;
  let resumed: NewsletterDraft | null = null;
  if (typeof bozza === 'string' && bozza) {
    resumed = await run((ctx) => getNewsletterDraft(ctx, { id: bozza.slice(0, 100) })).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'not_found') notFound();
      throw error;
    });
  }
  const [[lists, templates, languages, drafts], ready, t] = await Promise.all([
    run((ctx) => Promise.all([listsForPicker(ctx), listTemplates(ctx, { purpose: 'newsletter' }), templateLanguages(ctx.db), listNewsletterDrafts(ctx, { limit: 20 })])),
    providerReady(run),
    getTranslations('stepsMailing'),
  ]);
  const listNames = new Map(lists.map((list) => [list.id, list.name]));

  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </div>
        <StepsMailingWizard
          key={resumed?.id ?? 'nuova'}
          initial={resumed ? wizardDraft(resumed) : null}
          lists={lists}
          templates={templates.map((template) => ({ id: template.id, name: template.name, languageId: template.languageId }))}
          languages={languages}
          drafts={drafts.items.map((draft) => ({
            id: draft.id,
            subject: draft.subject,
            listName: draft.listId ? (listNames.get(draft.listId) ?? null) : null,
            step: draft.step,
            savedAt: draft.updatedAt.toISOString(),
          }))}
          providerReady={ready}
          settingsHref={tenant.isAdmin ? mailingSettingsHref(campsiteId) : null}
          staffEmail={tenant.email}
          actions={ACTIONS}
        />
      </Stack>
    </PageContainer>
  );
}
