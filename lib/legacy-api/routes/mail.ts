import type { MailMeta } from '@/db/schema';
import { classifyError } from '@/lib/error-classification';
import { AppError, type AppErrorKind } from '@/lib/errors';
import { addAttachment, deleteAttachment, listAttachments, MAX_ATTACHMENT_BYTES, type AttachmentInfo } from '@/lib/mail/attachments';
import { sendNewsletter, setNewsletterSubscription } from '@/lib/mail/newsletter-send';
import { newReferenceId } from '@/lib/mail/outbox';
import { sendPublicConfirmation } from '@/lib/mail/public-confirm';
import { sendStaffMail, type SentStaffMail } from '@/lib/mail/staff-mail';
import { addTrace, cvMailPage, markReferenceUsed, MAX_TRACE_PAGE_SIZE, threadPage, type TraceRow } from '@/lib/mail/traces';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { z } from '@/lib/validation';
import { endpoint, type BearerContext, type Endpoint } from '../endpoint';

const group = 'mail';
/** The mail page, the CV e-mail pages and their calls are open to service accounts (spec section 6); tracciaMail and the mailing are not. */
const SERVICE_ACCOUNTS = 0;

export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 500;
const MAX_HTML = 2_000_000;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const id = (what: string) => z.string(`${what} non valido`).trim().min(1, `${what} non valido`).max(100, `${what} non valido`);
const optionalId = (what: string) => z.preprocess(blankToUndefined, id(what).optional());

/** A getUUID reference: letters, digits and dashes (a legacy client may still send a real UUID). */
const referenceSchema = z
  .string('Riferimento (uuid) non valido')
  .trim()
  .min(4, 'Riferimento (uuid) non valido')
  .max(64, 'Riferimento (uuid) non valido')
  .regex(/^[A-Za-z0-9-]+$/, 'Riferimento (uuid) non valido: solo lettere, cifre e trattini');
const threadSchema = z.string('Conversazione (thread) non valida').trim().min(1, 'Conversazione (thread) non valida').max(200, 'Conversazione (thread) non valida');

/** Recipients as an array or one text ("a@x.it, b@y.de"); every one a valid address, at most 50. */
const addressList = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.split(/[,;]/).map((item) => item.trim()).filter(Boolean);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item.trim() : item));
    return value;
  },
  z
    .array(z.email('Indirizzo e-mail del destinatario non valido').max(320, 'Indirizzo e-mail troppo lungo'), 'I destinatari devono essere indirizzi e-mail')
    .max(MAX_RECIPIENTS, `Al massimo ${MAX_RECIPIENTS} destinatari per e-mail`),
);
const subjectText = z.string('L’oggetto deve essere un testo').trim().max(MAX_SUBJECT, `L’oggetto supera i ${MAX_SUBJECT} caratteri`);
const htmlText = z.string('Il testo dell’e-mail deve essere un testo').max(MAX_HTML, 'Il testo dell’e-mail è troppo lungo (massimo 2 MB)');
const metaText = z.string().trim().max(320).optional();
const metaSchema = z.object({ operatore: metaText, emailCV: metaText, cliente: metaText, tag: metaText }, 'meta deve essere un oggetto');

/** /sendMail and /sendMailCV: the legacy names (emails, object, body) or the plain ones (to, subject, html). */
const mailFields = {
  emails: addressList.optional(),
  to: addressList.optional(),
  object: subjectText.optional(),
  subject: subjectText.optional(),
  body: htmlText.optional(),
  html: htmlText.optional(),
  cliente: optionalId('Cliente'),
  idPreventivo: optionalId('Preventivo'),
  uuid: z.preprocess(blankToUndefined, referenceSchema.optional()),
  thread: z.preprocess(blankToUndefined, threadSchema.optional()),
  allegati: z.array(id('Allegato'), 'allegati deve essere un elenco di id').max(20, 'Al massimo 20 allegati per e-mail').optional(),
  meta: metaSchema.optional(),
};

type MailFields = z.output<z.ZodObject<typeof mailFields>>;

function normalizeMail<T extends MailFields>(body: T, ctx: z.RefinementCtx) {
  const to = body.emails ?? body.to ?? [];
  const subject = body.object ?? body.subject ?? '';
  const html = body.body ?? body.html ?? '';
  if (to.length === 0) ctx.addIssue({ code: 'custom', path: ['emails'], message: 'Indica almeno un destinatario.' });
  if (!subject) ctx.addIssue({ code: 'custom', path: ['object'], message: 'L’oggetto dell’e-mail è vuoto.' });
  if (!html.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Il testo dell’e-mail è vuoto.' });
  return { ...body, to, subject, html };
}

const sendMailBody = z.object(mailFields).transform(normalizeMail);
const sendMailCvBody = z
  .object({ ...mailFields, emailCV: z.preprocess(blankToUndefined, z.string().trim().max(320).optional()) })
  .transform(normalizeMail);

const pageBody = z.object({
  cursor: z.string('Posizione di pagina non valida').max(500, 'Posizione di pagina non valida').nullable().optional(),
  limit: z.coerce.number('limit deve essere un numero').int('limit deve essere un intero').min(1).max(MAX_TRACE_PAGE_SIZE).optional(),
});

const legacyTraceSchema = z.object({
  _id: z.string(),
  camping: z.string(),
  thread: z.string(),
  uuid: z.string().nullable().describe('il riferimento nell’oggetto (getUUID)'),
  direction: z.enum(['in', 'out']),
  emails: z.array(z.string()),
  object: z.string(),
  body: z.string(),
  client: z.string().nullable(),
  idPreventivo: z.string().nullable(),
  isSent: z.boolean(),
  linked_mails: z.array(z.string()),
  prev_replies: z.array(z.string()),
  idEmail: z.string().nullable().describe('l’id del messaggio presso il fornitore o la casella'),
  meta: z.object({ operatore: z.string().optional(), emailCV: z.string().optional(), cliente: z.string().optional(), tag: z.string().optional() }),
  date: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable(),
  usedAt: z.string().nullable(),
});
type LegacyTrace = z.infer<typeof legacyTraceSchema>;
const tracePageSchema = z.object({ items: z.array(legacyTraceSchema), nextCursor: z.string().nullable(), total: z.number() });

function toLegacyTrace(row: TraceRow): LegacyTrace {
  return {
    _id: row.id,
    camping: row.campingId,
    thread: row.threadId,
    uuid: row.referenceId,
    direction: row.direction,
    emails: row.recipients,
    object: row.subject,
    body: row.body,
    client: row.contactId,
    idPreventivo: row.quoteId,
    isSent: row.isSent,
    linked_mails: row.linkedMailIds,
    prev_replies: row.previousReplies,
    idEmail: row.providerMessageId,
    meta: row.meta,
    date: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

const sentMailSchema = z.object({
  ok: z.literal(true),
  _id: z.string().describe('la traccia dell’e-mail'),
  uuid: z.string().describe('il riferimento aggiunto all’oggetto'),
  thread: z.string(),
  object: z.string().describe('l’oggetto come verrà inviato'),
  duplicate: z.boolean().describe('true: la stessa e-mail con lo stesso uuid era già in coda, non viene inviata di nuovo'),
});
const toSentMail = (sent: SentStaffMail) => ({ ok: true as const, _id: sent.traceId, uuid: sent.referenceId, thread: sent.threadId, object: sent.subject, duplicate: sent.duplicate });

const legacyAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().describe('byte'),
  idPreventivo: z.string().nullable(),
  idMail: z.string().nullable(),
  date: z.string(),
});
const toLegacyAttachment = (row: AttachmentInfo): z.infer<typeof legacyAttachmentSchema> => ({
  _id: row.id,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.byteSize,
  idPreventivo: row.quoteId,
  idMail: row.mailTraceId,
  date: row.createdAt.toISOString(),
});

const fileSchema = z.instanceof(File, { message: 'Il file deve essere inviato come multipart/form-data' });
const base64Limit = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 200;
const addAttachmentBody = z.object({
  file: fileSchema.optional(),
  data: z
    .string('data deve essere un testo base64')
    .max(base64Limit, 'L’allegato supera il limite di 10 MB.')
    .transform((value) => value.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''))
    .refine((value) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(value), 'data non è un testo base64 valido')
    .optional(),
  fileName: z.preprocess(blankToUndefined, z.string('Nome del file non valido').trim().max(255, 'Nome del file troppo lungo').optional()),
  name: z.preprocess(blankToUndefined, z.string('Nome del file non valido').trim().max(255, 'Nome del file troppo lungo').optional()),
  mimeType: z.preprocess(blankToUndefined, z.string('Tipo di file non valido').trim().max(255, 'Tipo di file non valido').optional()),
  type: z.preprocess(blankToUndefined, z.string('Tipo di file non valido').trim().max(255, 'Tipo di file non valido').optional()),
  idPreventivo: optionalId('Preventivo'),
  idMail: optionalId('E-mail'),
});

const STATUS_KIND: Record<number, AppErrorKind> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 429: 'rate_limited', 503: 'unavailable' };

/** sendMailCV: the product checks responseCode, so a refusal carries it too, next to the error. */
async function withResponseCode<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const known = classifyError(error);
    const kind = known ? STATUS_KIND[known.status] : undefined;
    if (!known || !kind) throw error;
    throw new AppError(kind, known.message, { ...known.details, ...(known.issues ? { issues: known.issues } : {}), responseCode: known.status });
  }
}

const operatorMeta = (tenant: BearerContext['tenant'], meta: MailMeta | undefined, contactId: string | undefined): MailMeta => ({
  ...meta,
  operatore: meta?.operatore || tenant.email,
  ...(contactId ? { cliente: contactId } : {}),
});

export const mailRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/getUUID',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Un riferimento nuovo per l’oggetto di un’e-mail (« - RIF.: {uuid} [CRM]»), da passare a /sendMail e poi a /markUUID.',
    response: z.object({ uuid: z.string() }),
    handler: async () => ({ uuid: newReferenceId() }),
  }),
  endpoint({
    method: 'POST',
    path: '/sendMail',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Invia un’e-mail dello staff (al massimo 50 destinatari): l’oggetto senza parentesi graffe riceve « - RIF.: {uuid} [CRM]», la traccia va sul cliente indicato o su quello del primo destinatario. uuid (da /getUUID) ripetuto con la stessa e-mail non la invia due volte; con un’altra e-mail risponde 409.',
    body: sendMailBody,
    response: sentMailSchema,
    handler: async ({ db, tenant }, { body }) =>
      toSentMail(
        await sendStaffMail(db, tenant.campsiteId, 'staff', {
          to: body.to,
          subject: body.subject,
          html: body.html,
          contactId: body.cliente,
          quoteId: body.idPreventivo,
          referenceId: body.uuid,
          threadId: body.thread,
          attachmentIds: body.allegati,
          meta: operatorMeta(tenant, body.meta, body.cliente),
        }),
      ),
  }),
  endpoint({
    method: 'POST',
    path: '/markUUID/{uuid}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Segna come usata l’e-mail con questo riferimento (la prima data resta); 404 se il campeggio non ha un’e-mail con quel riferimento.',
    params: z.object({ uuid: referenceSchema }),
    response: z.object({ ok: z.literal(true), uuid: z.string(), _id: z.string(), usedAt: z.string() }),
    handler: async ({ db, tenant }, { params }) => {
      const trace = await markReferenceUsed(db, tenant.campsiteId, params.uuid);
      return { ok: true, uuid: params.uuid, _id: trace.id, usedAt: (trace.usedAt ?? new Date()).toISOString() };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/sendMailConfirm',
    auth: 'public',
    group,
    summary:
      'Conferma al cliente la richiesta del modulo contatti, con il testo fisso nella sua lingua, al suo indirizzo registrato: camp e cliente (e facoltativo idPreventivo) devono essere del campeggio. Non invia di nuovo se la conferma è appena partita. Limitata per indirizzo IP e destinatario.',
    body: z.object({
      camp: id('Campeggio'),
      cliente: id('Cliente'),
      idPreventivo: optionalId('Preventivo'),
      idLingua: z.preprocess(blankToUndefined, z.coerce.number('Lingua non valida').int('Lingua non valida').min(1).max(10_000).optional()),
    }),
    response: z.object({ ok: z.literal(true), sent: z.boolean().describe('false: una conferma era già in coda') }),
    handler: (ctx, { body }) =>
      withMissGuard(ctx.db, ctx.client.ip, async () => {
        const { queued } = await sendPublicConfirmation(
          ctx.db,
          { campsiteId: body.camp, contactId: body.cliente, quoteId: body.idPreventivo, languageId: body.idLingua },
          ctx.client,
        );
        return { ok: true, sent: queued };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/sendMailCV',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Invia l’e-mail della piattaforma di prenotazione (CV), come /sendMail, tracciata con meta.emailCV (elenco in /getMailCV). Riuscita solo con responseCode 200; un rifiuto ha lo stato HTTP e lo stesso responseCode accanto a error.',
    body: sendMailCvBody,
    response: sentMailSchema.extend({ responseCode: z.literal(200), message: z.string() }),
    handler: async ({ db, tenant }, { body }) =>
      withResponseCode(async () => {
        const meta = operatorMeta(tenant, body.meta, body.cliente);
        const sent = await sendStaffMail(db, tenant.campsiteId, 'cv', {
          to: body.to,
          subject: body.subject,
          html: body.html,
          contactId: body.cliente,
          quoteId: body.idPreventivo,
          referenceId: body.uuid,
          threadId: body.thread,
          attachmentIds: body.allegati,
          meta: { ...meta, tag: meta.tag || 'emailCV', emailCV: body.emailCV || meta.emailCV || body.to[0] },
        });
        return { responseCode: 200 as const, message: sent.duplicate ? 'E-mail già in coda.' : 'E-mail in coda per l’invio.', ...toSentMail(sent) };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/sendNewsletter',
    auth: 'bearer',
    group,
    summary:
      'Invia una newsletter (senza riferimento nell’oggetto, senza traccia) a ogni iscritto della lista con un indirizzo, saltando chi ha annullato l’iscrizione; un indirizzo condiviso riceve una copia. Con idCampagna, ripeterla raggiunge solo chi non era ancora in coda.',
    body: z
      .object({
        lista: optionalId('Lista'),
        idList: optionalId('Lista'),
        idLista: optionalId('Lista'),
        object: subjectText.optional(),
        subject: subjectText.optional(),
        body: htmlText.optional(),
        html: htmlText.optional(),
        idCampagna: optionalId('Campagna'),
      })
      .transform((body, ctx) => {
        const listId = body.lista ?? body.idLista ?? body.idList;
        const subject = body.object ?? body.subject ?? '';
        const html = body.body ?? body.html ?? '';
        if (!listId) ctx.addIssue({ code: 'custom', path: ['lista'], message: 'Indica la lista.' });
        if (!subject) ctx.addIssue({ code: 'custom', path: ['object'], message: 'L’oggetto della newsletter è vuoto.' });
        if (!html.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Il testo della newsletter è vuoto.' });
        return { listId: listId ?? '', subject, html, campaignId: body.idCampagna };
      }),
    response: z.object({
      ok: z.literal(true),
      count: z.number().describe('e-mail messe in coda ora'),
      alreadyQueued: z.number().describe('destinatari che la campagna aveva già raggiunto'),
      skipped: z.number().describe('iscritti saltati: disiscritti, senza indirizzo o con un indirizzo già servito'),
      idCampagna: z.string(),
    }),
    handler: async ({ db, tenant }, { body }) => {
      const outcome = await sendNewsletter(db, tenant.campsiteId, body);
      return { ok: true, count: outcome.queued, alreadyQueued: outcome.alreadyQueued, skipped: outcome.skipped, idCampagna: outcome.campaignId };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/newsletterSubscription',
    auth: 'bearer',
    group,
    summary:
      'Iscrive (iscritto: true) o disiscrive (false) un cliente, indicato da cliente o email, dalle newsletter del campeggio o da una sola lista (lista). Risponde lo stato come /checkNewsletter.',
    body: z
      .object({
        cliente: optionalId('Cliente'),
        email: z.preprocess(blankToUndefined, z.email('Indirizzo e-mail non valido').max(320).optional()),
        iscritto: z.boolean('iscritto deve essere true o false').optional(),
        azione: z.enum(['iscrivi', 'annulla'], 'azione deve essere «iscrivi» o «annulla»').optional(),
        lista: optionalId('Lista'),
      })
      .refine((body) => Boolean(body.cliente || body.email), { message: 'Indica il cliente (cliente o email).', path: ['cliente'] })
      .refine((body) => body.iscritto !== undefined || body.azione !== undefined, { message: 'Indica iscritto (true o false).', path: ['iscritto'] }),
    response: z.object({
      cliente: z.string(),
      iscritto: z.boolean(),
      liste: z.array(z.object({ id: z.string(), nome: z.string(), iscritto: z.boolean() })),
    }),
    handler: async ({ db, tenant }, { body }) => {
      const subscribed = body.iscritto ?? body.azione === 'iscrivi';
      const state = await setNewsletterSubscription(db, tenant.campsiteId, { contactId: body.cliente, email: body.email, subscribed, listId: body.lista });
      return {
        cliente: state.contactId,
        iscritto: state.subscribed,
        liste: state.lists.map((list) => ({ id: list.id, nome: list.name, iscritto: list.subscribed })),
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/tracciaMail/addMail',
    auth: 'bearer',
    group,
    summary:
      'Registra un’e-mail su una conversazione (per esempio la risposta di un ospite): senza thread la conversazione è quella del riferimento «RIF.: … [CRM]» nell’oggetto, altrimenti ne inizia una nuova. Il cliente è quello indicato, o quello della conversazione, o quello del primo indirizzo.',
    body: z.object({
      direction: z.enum(['in', 'out'], 'direction deve essere «in» o «out»').optional().default('in'),
      emails: addressList.optional().default([]),
      object: subjectText.optional().default(''),
      body: htmlText.optional().default(''),
      cliente: optionalId('Cliente'),
      client: optionalId('Cliente'),
      idPreventivo: optionalId('Preventivo'),
      thread: z.preprocess(blankToUndefined, threadSchema.optional()),
      isSent: z.boolean('isSent deve essere true o false').optional(),
      linked_mails: z.array(z.string().trim().max(200), 'linked_mails deve essere un elenco').max(100).optional(),
      prev_replies: z.array(z.string().max(200_000), 'prev_replies deve essere un elenco').max(50).optional(),
      idEmail: z.preprocess(blankToUndefined, z.string().trim().max(300).optional()),
      meta: metaSchema.optional(),
    }),
    response: legacyTraceSchema,
    handler: async ({ db, tenant }, { body }) => {
      const contactId = body.cliente ?? body.client;
      const trace = await addTrace(db, tenant.campsiteId, {
        direction: body.direction,
        recipients: body.emails,
        subject: body.object,
        body: body.body,
        contactId,
        quoteId: body.idPreventivo,
        threadId: body.thread,
        isSent: body.isSent,
        linkedMailIds: body.linked_mails,
        previousReplies: body.prev_replies,
        providerMessageId: body.idEmail,
        meta: { ...body.meta, ...(contactId ? { cliente: contactId } : {}) },
      });
      return toLegacyTrace(trace);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/tracciaMail/getLazy/{thread}',
    auth: 'bearer',
    group,
    summary: `Una pagina della conversazione, dalla più recente (cursore; limit fino a ${MAX_TRACE_PAGE_SIZE}, 25 se manca), con il totale. 404 se il campeggio non ha quella conversazione.`,
    params: z.object({ thread: threadSchema }),
    body: pageBody,
    response: tracePageSchema,
    handler: async ({ db, tenant }, { params, body }) => {
      const page = await threadPage(db, tenant.campsiteId, params.thread, body);
      return { items: page.items.map(toLegacyTrace), nextCursor: page.nextCursor, total: page.total };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getMailCV',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: `Le e-mail della piattaforma di prenotazione (/sendMailCV) del campeggio, dalla più recente (cursore; limit fino a ${MAX_TRACE_PAGE_SIZE}).`,
    body: pageBody,
    response: tracePageSchema,
    handler: async ({ db, tenant }, { body }) => {
      const page = await cvMailPage(db, tenant.campsiteId, body);
      return { items: page.items.map(toLegacyTrace), nextCursor: page.nextCursor, total: page.total };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/allegati/addAllegato',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Carica un allegato: multipart («file») o JSON con «data» in base64, fileName e mimeType; fino a 10 MB, niente programmi o script. Facoltativi idPreventivo e idMail del campeggio. Risponde i dati dell’allegato (_id da passare in allegati a /sendMail).',
    body: addAttachmentBody,
    response: legacyAttachmentSchema,
    handler: async ({ db, tenant }, { body }) => {
      const file = body.file;
      if (file && file.size > MAX_ATTACHMENT_BYTES) throw new AppError('bad_request', 'L’allegato supera il limite di 10 MB.');
      const bytes = file ? new Uint8Array(await file.arrayBuffer()) : body.data !== undefined ? new Uint8Array(Buffer.from(body.data, 'base64')) : null;
      if (!bytes) throw new AppError('bad_request', 'Nessun file ricevuto: invia «file» (multipart) oppure «data» (base64).');
      const info = await addAttachment(db, tenant.campsiteId, {
        bytes,
        fileName: body.fileName || body.name || file?.name || 'allegato',
        mimeType: body.mimeType || body.type || file?.type || null,
        quoteId: body.idPreventivo,
        mailTraceId: body.idMail,
      });
      return toLegacyAttachment(info);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/allegati/getAllegati/{id}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Gli allegati (senza contenuto) di un preventivo o di un’e-mail del campeggio, dal più recente; 404 se l’id non è né un preventivo né un’e-mail del campeggio.',
    params: z.object({ id: id('Id') }),
    response: z.array(legacyAttachmentSchema),
    handler: async ({ db, tenant }, { params }) => (await listAttachments(db, tenant.campsiteId, params.id)).map(toLegacyAttachment),
  }),
  endpoint({
    method: 'POST',
    path: '/allegati/deleteAllegato/{id}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Elimina un allegato del campeggio; 404 se non esiste, 409 finché un’e-mail in coda lo contiene.',
    params: z.object({ id: id('Allegato') }),
    response: z.object({ ok: z.literal(true), _id: z.string() }),
    handler: async ({ db, tenant }, { params }) => {
      const deleted = await deleteAttachment(db, tenant.campsiteId, params.id);
      return { ok: true, _id: deleted.id };
    },
  }),
];
