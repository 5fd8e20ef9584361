import { TEMPLATE_HTML_MAX } from '@/lib/templates/validation';
import { z } from '@/lib/validation';

/**
 * A newsletter draft (bozza): what the guided procedure has gathered so far. One schema for the
 * procedure's server action and the legacy API (which maps its own names onto these first).
 * Every field may still be empty: a draft is saved as the staff go, from the first step on.
 */

export const DRAFT_SUBJECT_MAX = 300;

/** The steps of /stepsMailing, by their legacy names (spec: steps lista, template, resume). */
export const DRAFT_STEPS = ['lista', 'template', 'resume'] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const emptyIsNull = (value: unknown) => (value === undefined || value === '' ? null : trimmed(value));

export const draftIdSchema = z.string('Bozza non valida').trim().min(1, 'Bozza non valida').max(100, 'Bozza non valida');

const referenceId = (message: string) => z.preprocess(emptyIsNull, z.string(message).min(1, message).max(100, message).nullable());

/** The step by name or by its position (0, 1, 2, also as text): the old front end counted them. */
const stepValue = z.preprocess((value) => {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d$/.test(value.trim()))) return DRAFT_STEPS[Number(value)] ?? value;
  return trimmed(value);
}, z.enum(DRAFT_STEPS, 'Passo non valido: lista, template o resume'));

/** idLingua as a number or the text of a select; empty means "any language". */
const languageValue = z.preprocess((value) => {
  if (value === '' || value === undefined) return null;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return value;
}, z.number('Lingua non valida').int('Lingua non valida').positive('Lingua non valida').max(100_000, 'Lingua non valida').nullable());

/** An ISO 8601 instant with its offset (the browser sends toISOString()); empty means "send now". */
const sendAtValue = z.preprocess(
  emptyIsNull,
  z.iso.datetime({ offset: true, message: 'Data di invio non valida' }).transform((value) => new Date(value).toISOString()).nullable(),
);

const fields = {
  subject: z.preprocess(trimmed, z.string('Oggetto: deve essere un testo').max(DRAFT_SUBJECT_MAX, `Oggetto: al massimo ${DRAFT_SUBJECT_MAX} caratteri`)),
  templateId: referenceId('Modello non valido'),
  listId: referenceId('Lista non valida'),
  languageId: languageValue,
  html: z
    .string('Il testo della newsletter deve essere HTML')
    .max(TEMPLATE_HTML_MAX, 'Il testo della newsletter è troppo lungo (al massimo 500.000 caratteri)'),
  step: stepValue,
  sendAt: sendAtValue,
};

/** A new draft: what is missing starts empty, on the first step. */
export const newsletterDraftSchema = z.object({
  subject: fields.subject.default(''),
  templateId: fields.templateId.default(null),
  listId: fields.listId.default(null),
  languageId: fields.languageId.default(null),
  html: fields.html.default(''),
  step: fields.step.default('lista'),
  sendAt: fields.sendAt.default(null),
});
export type NewsletterDraftInput = z.output<typeof newsletterDraftSchema>;

/** A change: only the keys given change, the others keep their value. */
export const newsletterDraftPatchSchema = z.object({
  subject: fields.subject.optional(),
  templateId: fields.templateId.optional(),
  listId: fields.listId.optional(),
  languageId: fields.languageId.optional(),
  html: fields.html.optional(),
  step: fields.step.optional(),
  sendAt: fields.sendAt.optional(),
});
export type NewsletterDraftPatch = z.output<typeof newsletterDraftPatchSchema>;

/** The guided procedure saves the whole draft: a new one (id null) or the one it resumed. */
export const saveDraftSchema = z.object({ id: draftIdSchema.nullable(), draft: newsletterDraftSchema });

/** What the resume step previews and test-sends: the list, the subject and the text as they are now. */
export const newsletterContentSchema = z.object({
  listId: z.string('Scegli una lista').trim().min(1, 'Scegli una lista').max(100, 'Lista non valida'),
  subject: z.preprocess(trimmed, z.string('Scrivi l’oggetto').min(1, 'Scrivi l’oggetto della newsletter').max(DRAFT_SUBJECT_MAX, 'Oggetto troppo lungo')),
  html: z
    .string('Il testo della newsletter è vuoto')
    .min(1, 'Il testo della newsletter è vuoto')
    .max(TEMPLATE_HTML_MAX, 'Il testo della newsletter è troppo lungo'),
  /** The newsletter's language: its unsubscribe line reads in it. */
  languageId: fields.languageId.default(null),
});

/** The send: the content, where it came from, when (null: now) and the draft to remove once it has started. */
export const newsletterSendSchema = newsletterContentSchema.extend({
  templateId: fields.templateId.default(null),
  languageId: fields.languageId.default(null),
  sendAt: fields.sendAt.default(null),
  draftId: draftIdSchema.nullable().default(null),
});
