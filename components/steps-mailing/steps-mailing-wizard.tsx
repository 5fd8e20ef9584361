'use client';

import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DRAFT_STEPS } from '@/lib/drafts/validation';
import { formatDateTime } from '@/lib/format';
import { ListStep } from './list-step';
import { NoProviderAlert } from './no-provider-alert';
import { pickerValue, sendAtInstant } from './send-at';
import { SummaryStep } from './summary-step';
import { TemplateStep } from './template-step';
import type { DraftSummary, LanguageChoice, ListChoice, StepsMailingActions, TemplateChoice, WizardDraft, WizardValues } from './types';

export type { WizardDraft };

type Props = {
  initial: WizardDraft | null;
  lists: ListChoice[];
  templates: TemplateChoice[];
  languages: LanguageChoice[];
  drafts: DraftSummary[];
  providerReady: boolean;
  settingsHref: string | null;
  staffEmail: string;
  actions: StepsMailingActions;
};

type SaveState = { state: 'idle' | 'saving' | 'saved' | 'error'; at?: string; error?: string };
export type FieldErrors = Partial<Record<'listId' | 'subject' | 'html', string>>;

function initialValues(draft: WizardDraft | null): WizardValues {
  return {
    listId: draft?.listId ?? null,
    templateId: draft?.templateId ?? null,
    languageId: draft?.languageId ? String(draft.languageId) : '',
    subject: draft?.subject ?? '',
    html: draft?.html ?? '',
    sendAt: pickerValue(draft?.sendAt ?? null),
  };
}

/** The step a draft resumes on: its own, or the first one it has not completed. */
function resumeStep(draft: WizardDraft | null): number {
  if (!draft) return 0;
  const saved = Math.max(0, DRAFT_STEPS.indexOf(draft.step));
  if (saved >= 1 && !draft.listId) return 0;
  if (saved >= 2 && (!draft.subject.trim() || !draft.html.trim())) return 1;
  return saved;
}

/** Typing saves the draft by itself after this pause (quietly: no toast). */
const AUTOSAVE_MS = 4000;

/**
 * The guided procedure: lista → template → riepilogo. The draft is saved at every step change
 * (and on request), so the work can be resumed with /stepsMailing?bozza=<id>; a refused save or
 * send shows why and keeps everything on screen.
 */
export function StepsMailingWizard({ initial, lists, templates, languages, drafts, providerReady, settingsHref, staffEmail, actions }: Props) {
  const t = useTranslations('stepsMailing');
  const [values, setValues] = useState<WizardValues>(() => initialValues(initial));
  const [active, setActive] = useState(() => resumeStep(initial));
  const [draftId, setDraftId] = useState<string | null>(initial?.id ?? null);
  const [save, setSave] = useState<SaveState>(initial ? { state: 'saved', at: initial.savedAt } : { state: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Saves run one after the other, so the first save's new id is known to the next one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const savedId = useRef<string | null>(initial?.id ?? null);
  /** What was last saved (or loaded): the autosave and the leave warning compare with it. */
  const savedSnapshot = useRef(JSON.stringify(initialValues(initial)));
  // On a phone the three steps stack: side by side their labels would not fit.
  const narrow = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: true });

  const set = <K extends keyof WizardValues>(key: K, value: WizardValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in fieldErrors) setFieldErrors((current) => ({ ...current, [key]: undefined }));
  };
  const update = (patch: Partial<WizardValues>) => setValues((current) => ({ ...current, ...patch }));

  const saveDraft = (step: number, current: WizardValues, quiet = false) => {
    setSave({ state: 'saving' });
    const snapshot = JSON.stringify(current);
    const draft = {
      listId: current.listId,
      templateId: current.templateId,
      languageId: current.languageId ? Number(current.languageId) : null,
      subject: current.subject,
      html: current.html,
      step: DRAFT_STEPS[step],
      sendAt: sendAtInstant(current.sendAt),
    };
    const run = queue.current.then(async () => {
      const result = await actions.saveDraft({ id: savedId.current, draft });
      if (!result.ok) {
        setSave({ state: 'error', error: result.error });
        return;
      }
      if (savedId.current !== result.data.id) {
        savedId.current = result.data.id;
        setDraftId(result.data.id);
        // The address names the draft: a reload or a bookmark resumes it.
        window.history.replaceState(null, '', `/stepsMailing?bozza=${encodeURIComponent(result.data.id)}`);
      }
      savedSnapshot.current = snapshot;
      setSave({ state: 'saved', at: result.data.savedAt });
      if (!quiet) notifications.show({ color: 'teal', message: t('draft.saved'), autoClose: 3000, closeButtonProps: { 'aria-label': t('close') } });
    });
    queue.current = run.catch(() => setSave({ state: 'error', error: t('draft.networkError') }));
  };

  // The latest save and step for the timer below, updated after each commit.
  const latest = useRef({ saveDraft, active });
  useLayoutEffect(() => {
    latest.current = { saveDraft, active };
  });

  // Saved as the staff go: a pause in typing saves the draft; leaving with unsaved changes asks first.
  useEffect(() => {
    if (JSON.stringify(values) === savedSnapshot.current) return;
    const timer = window.setTimeout(() => {
      if (JSON.stringify(values) !== savedSnapshot.current) latest.current.saveDraft(latest.current.active, values, true);
    }, AUTOSAVE_MS);
    const warn = (event: BeforeUnloadEvent) => {
      if (JSON.stringify(values) !== savedSnapshot.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeunload', warn);
    };
  }, [values]);

  /** Errors that keep the staff on this step before moving forward. */
  const stepErrors = (step: number): FieldErrors => {
    if (step === 0 && !values.listId) return { listId: t('list.required') };
    if (step === 1) {
      const errors: FieldErrors = {};
      if (!values.subject.trim()) errors.subject = t('template.subjectRequired');
      if (!values.html.trim()) errors.html = t('template.htmlRequired');
      return errors;
    }
    return {};
  };

  const goTo = (next: number) => {
    if (next === active || next < 0 || next >= DRAFT_STEPS.length) return;
    for (let step = active; step < next; step += 1) {
      const errors = stepErrors(step);
      if (Object.keys(errors).length > 0) {
        setFieldErrors(errors);
        if (step !== active) setActive(step);
        return;
      }
    }
    setFieldErrors({});
    setActive(next);
    saveDraft(next, values);
  };

  const listName = lists.find((list) => list.id === values.listId)?.name ?? '';
  const savedLabel =
    save.state === 'saving'
      ? t('draft.saving')
      : save.state === 'saved' && save.at
        ? t('draft.savedAt', { time: formatDateTime(new Date(save.at)).split(' ').at(-1) ?? '' })
        : save.state === 'idle'
          ? t('draft.notSaved')
          : '';

  return (
    <Stack gap="lg">
      {!providerReady && <NoProviderAlert settingsHref={settingsHref} />}
      {save.state === 'error' && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('draft.errorTitle')} role="alert" data-testid="draft-error">
          {save.error}
        </Alert>
      )}
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="draft-status">
          {savedLabel}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={() => saveDraft(active, values)}
          loading={save.state === 'saving'}
        >
          {t('draft.save')}
        </Button>
      </Group>
      <Stepper
        active={active}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        orientation={narrow ? 'vertical' : 'horizontal'}
        aria-label={t('steps.label')}
      >
        <Stepper.Step label={t('steps.lista')} description={t('steps.listaDescription')}>
          <ListStep
            lists={lists}
            value={values.listId}
            onChange={(id) => set('listId', id)}
            error={fieldErrors.listId}
            drafts={drafts}
            currentDraftId={draftId}
            deleteDraft={actions.deleteDraft}
          />
        </Stepper.Step>
        <Stepper.Step label={t('steps.template')} description={t('steps.templateDescription')}>
          <TemplateStep
            templates={templates}
            languages={languages}
            values={values}
            set={set}
            update={update}
            errors={fieldErrors}
            loadTemplate={actions.loadTemplate}
          />
        </Stepper.Step>
        <Stepper.Step label={t('steps.resume')} description={t('steps.resumeDescription')}>
          <SummaryStep
            values={values}
            listName={listName}
            listRecipients={lists.find((list) => list.id === values.listId)?.recipients ?? 0}
            providerReady={providerReady}
            staffEmail={staffEmail}
            draftId={draftId}
            onSendAtChange={(value) => set('sendAt', value)}
            actions={actions}
          />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => goTo(active - 1)} disabled={active === 0}>
          {t('nav.back')}
        </Button>
        {active < DRAFT_STEPS.length - 1 && (
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => goTo(active + 1)}>
            {t('nav.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
