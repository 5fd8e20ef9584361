import type { NewsletterDraft } from '@/lib/drafts/service';
import { DRAFT_STEPS, newsletterDraftPatchSchema, newsletterDraftSchema } from '@/lib/drafts/validation';
import { z } from '@/lib/validation';

/** A newsletter draft (bozza) as the legacy JSON shows it: legacy names, the id also as idBozza. */
export const legacyDraftSchema = z.object({
  _id: z.string(),
  idBozza: z.string().describe('uguale a _id'),
  camping: z.string(),
  owner: z.string().nullable().describe("l'utente che l'ha creata"),
  tipo: z.literal('newsletter'),
  oggetto: z.string(),
  template: z.string().nullable().describe('id del modello'),
  lista: z.string().nullable().describe('id della lista di mailing'),
  lingua: z.number().nullable().describe('idLingua'),
  html: z.string(),
  step: z.enum(DRAFT_STEPS).describe('il passo della procedura guidata a cui riprendere'),
  sendAt: z.string().nullable().describe('invio programmato, ISO 8601; null: invio immediato'),
  date_creation: z.string().describe('ISO 8601'),
  date_update: z.string().describe('ISO 8601'),
});
export type LegacyDraft = z.infer<typeof legacyDraftSchema>;

export function toLegacyDraft(draft: NewsletterDraft): LegacyDraft {
  return {
    _id: draft.id,
    idBozza: draft.id,
    camping: draft.campsiteId,
    owner: draft.ownerId,
    tipo: 'newsletter',
    oggetto: draft.subject,
    template: draft.templateId,
    lista: draft.listId,
    lingua: draft.languageId,
    html: draft.html,
    step: draft.step,
    sendAt: draft.sendAt,
    date_creation: draft.createdAt.toISOString(),
    date_update: draft.updatedAt.toISOString(),
  };
}

/**
 * Legacy names in, with the aliases the old front end used (oggetto or subject, template or
 * idTemplate, lista or idLista, lingua, idLingua or lang); _id, camping, owner and dates are
 * ignored like any other unknown key. When both names are sent the legacy one wins.
 */
const text = (name: string) => z.string(`${name}: deve essere un testo`).optional();
const reference = (name: string) => z.string(`${name}: deve essere un id`).nullable().optional();
const language = (name: string) => z.union([z.number(), z.string(), z.null()], `${name}: un idLingua numerico`).optional();
const legacyFields = z.object({
  oggetto: text('oggetto').describe("l'oggetto della newsletter"),
  subject: text('subject').describe('come oggetto'),
  template: reference('template').describe('id del modello'),
  idTemplate: reference('idTemplate').describe('come template'),
  lista: reference('lista').describe('id della lista di mailing'),
  idLista: reference('idLista').describe('come lista'),
  lingua: language('lingua').describe('idLingua'),
  idLingua: language('idLingua').describe('come lingua'),
  lang: language('lang').describe('come lingua'),
  html: text('html').describe('il testo della newsletter'),
  step: z.union([z.string(), z.number()], 'step: lista, template o resume (o 0, 1, 2)').optional().describe('lista, template o resume (o 0, 1, 2)'),
  sendAt: z.string('sendAt: una data ISO 8601').nullable().optional().describe('invio programmato, ISO 8601; null o vuoto: subito'),
});

function fromLegacy(body: z.output<typeof legacyFields>): Record<string, unknown> {
  const pick = (...values: unknown[]) => values.find((value) => value !== undefined);
  const entries: [string, unknown][] = [
    ['subject', pick(body.oggetto, body.subject)],
    ['templateId', pick(body.template, body.idTemplate)],
    ['listId', pick(body.lista, body.idLista)],
    ['languageId', pick(body.lingua, body.idLingua, body.lang)],
    ['html', body.html],
    ['step', body.step],
    ['sendAt', body.sendAt],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** /addBozza: every field may be missing (a draft starts on the first step). */
export const legacyNewDraftBodySchema = legacyFields.transform(fromLegacy).pipe(newsletterDraftSchema);

/** /editBozza/{id}: only the fields sent change. */
export const legacyDraftPatchBodySchema = legacyFields.transform(fromLegacy).pipe(newsletterDraftPatchSchema);
