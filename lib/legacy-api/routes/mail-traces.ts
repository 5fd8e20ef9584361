import { addTrace, cvMailPage, MAX_TRACE_PAGE_SIZE, threadPage } from '@/lib/mail/traces';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { legacyTraceSchema, metaSchema, toLegacyTrace, tracePageSchema } from '../shapes/mail';
import { addressList, blankToUndefined, htmlText, optionalId, subjectText, threadSchema } from '@/lib/vocabulary/mail-fields';
import { MAIL_GROUP as group, SERVICE_ACCOUNTS } from './mail';

const pageBody = z.object({
  cursor: z.string('Posizione di pagina non valida').max(500, 'Posizione di pagina non valida').nullable().optional(),
  limit: z.coerce.number('limit deve essere un numero').int('limit deve essere un intero').min(1).max(MAX_TRACE_PAGE_SIZE).optional(),
});

/** tracciaMail: recording mails on a thread and reading threads and the CV mails a page at a time. */
export const mailTraceRoutes: Endpoint[] = [
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
    handler: async (ctx, { body }) => {
      const contactId = body.cliente ?? body.client;
      const trace = await addTrace(ctx, {
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
    handler: async (ctx, { params, body }) => {
      const page = await threadPage(ctx, params.thread, body);
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
    handler: async (ctx, { body }) => {
      const page = await cvMailPage(ctx, body);
      return { items: page.items.map(toLegacyTrace), nextCursor: page.nextCursor, total: page.total };
    },
  }),
];
