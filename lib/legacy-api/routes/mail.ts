import type { MailMeta } from '@/db/schema';
import { classifyError } from '@/lib/error-classification';
import { AppError, kindOfStatus } from '@/lib/errors';
import { newReferenceId } from '@/lib/mail/outbox';
import { sendPublicConfirmation } from '@/lib/requests/public-confirm';
import { sendStaffMail, type SentStaffMail } from '@/lib/mail/staff-mail';
import { markReferenceUsed } from '@/lib/mail/traces';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { z } from '@/lib/validation';
import { endpoint, type BearerContext, type Endpoint } from '../endpoint';
import { guestContextOf } from '../guest-context';
import { metaSchema } from '../shapes/mail';
import { addressList, blankToUndefined, htmlText, id, optionalId, referenceSchema, subjectText, threadSchema } from '@/lib/vocabulary/mail-fields';

export const MAIL_GROUP = 'mail';
const group = MAIL_GROUP;
/** The mail page, the CV e-mail pages and their calls are open to service accounts (spec section 6); tracciaMail and the mailing are not. */
export const SERVICE_ACCOUNTS = 0;

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

const sentMailSchema = z.object({
  ok: z.literal(true),
  _id: z.string().describe('la traccia dell’e-mail'),
  uuid: z.string().describe('il riferimento aggiunto all’oggetto'),
  thread: z.string(),
  object: z.string().describe('l’oggetto come verrà inviato'),
  duplicate: z.boolean().describe('true: la stessa e-mail con lo stesso uuid era già in coda, non viene inviata di nuovo'),
});
const toSentMail = (sent: SentStaffMail) => ({ ok: true as const, _id: sent.traceId, uuid: sent.referenceId, thread: sent.threadId, object: sent.subject, duplicate: sent.duplicate });

/** sendMailCV: the product checks responseCode, so a refusal carries it too, next to the error. */
async function withResponseCode<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const known = classifyError(error);
    const kind = known ? kindOfStatus(known.status) : undefined;
    if (!known || !kind) throw error;
    throw new AppError(kind, known.message, { ...known.details, ...(known.issues ? { issues: known.issues } : {}), responseCode: known.status });
  }
}

const operatorMeta = (tenant: BearerContext['tenant'], meta: MailMeta | undefined, contactId: string | undefined): MailMeta => ({
  ...meta,
  operatore: meta?.operatore || tenant.email,
  ...(contactId ? { cliente: contactId } : {}),
});

/** Sending: references, staff and CV mails, the public contact-form confirmation. */
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
    handler: async (ctx, { body }) =>
      toSentMail(
        await sendStaffMail(ctx, 'staff', {
          to: body.to,
          subject: body.subject,
          html: body.html,
          contactId: body.cliente,
          quoteId: body.idPreventivo,
          referenceId: body.uuid,
          threadId: body.thread,
          attachmentIds: body.allegati,
          meta: operatorMeta(ctx.tenant, body.meta, body.cliente),
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
    handler: async (ctx, { params }) => {
      const trace = await markReferenceUsed(ctx, params.uuid);
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
          guestContextOf(ctx, body.camp),
          { contactId: body.cliente, quoteId: body.idPreventivo, languageId: body.idLingua, origin: ctx.origin },
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
    handler: async (ctx, { body }) =>
      withResponseCode(async () => {
        const meta = operatorMeta(ctx.tenant, body.meta, body.cliente);
        const sent = await sendStaffMail(ctx, 'cv', {
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
];
