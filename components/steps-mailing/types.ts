import type { ActionResult } from '@/lib/actions';
import type { DraftStep } from '@/lib/drafts/validation';

export type { ListChoice } from '@/lib/drafts/lists-for-picker';
export type { DraftStep };

/** A saved draft the procedure resumes (dates as ISO text: they cross from server to browser). */
export type WizardDraft = {
  id: string;
  listId: string | null;
  templateId: string | null;
  languageId: number | null;
  subject: string;
  html: string;
  step: DraftStep;
  sendAt: string | null;
  savedAt: string;
};

export type TemplateChoice = { id: string; name: string; languageId: number | null };
export type LanguageChoice = { id: number; name: string };
export type DraftSummary = { id: string; subject: string; listName: string | null; step: DraftStep; savedAt: string };

/** What the procedure holds while the staff work: the select values as their inputs keep them. */
export type WizardValues = {
  listId: string | null;
  templateId: string | null;
  /** The language filter of the templates, as the select's text ('' for every language). */
  languageId: string;
  subject: string;
  html: string;
  /** The date-time picker's value ('YYYY-MM-DD HH:mm:ss', the browser's time), null for "now". */
  sendAt: string | null;
};

type DraftInput = {
  listId: string | null;
  templateId: string | null;
  languageId: number | null;
  subject: string;
  html: string;
  step: DraftStep;
  sendAt: string | null;
};
type Content = { listId: string; subject: string; html: string };

export type NewsletterPreviewResult = { recipients: number; member: { name: string; email: string } | null; subject: string; html: string | null };

/** The page's server actions, handed in as props. */
export type StepsMailingActions = {
  saveDraft: (input: { id: string | null; draft: DraftInput }) => Promise<ActionResult<{ id: string; savedAt: string }>>;
  deleteDraft: (input: { id: string }) => Promise<ActionResult<{ id: string }>>;
  loadTemplate: (input: { id: string }) => Promise<ActionResult<{ id: string; name: string; html: string; languageId: number | null }>>;
  preview: (input: Content) => Promise<ActionResult<NewsletterPreviewResult>>;
  sendTest: (input: Content) => Promise<ActionResult<{ to: string }>>;
  start: (
    input: Content & { templateId: string | null; languageId: number | null; sendAt: string | null; draftId: string | null },
  ) => Promise<ActionResult<{ campaignId: string; status: string; started: boolean }>>;
};
