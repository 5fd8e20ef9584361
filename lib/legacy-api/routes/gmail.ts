import { AppError } from '@/lib/errors';
import { completeGoogleAuthorization, googleConfigured, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { accessTokens } from '@/lib/mailbox/gmail/tokens';
import { findMailbox, findMailboxRow, markReconnect } from '@/lib/mailbox/mailbox-row';
import { sendFromMailbox } from '@/lib/mailbox/send';
import { markMessageRead } from '@/lib/mailbox/thread-actions';
import { listThreads, unreadCount } from '@/lib/mailbox/threads';
import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { addressList, blankToUndefined, htmlText, id, optionalId, subjectText } from '@/lib/vocabulary/mail-fields';
import { SERVICE_ACCOUNTS } from './mail';

const group = 'mailbox';

const folderSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(['INBOX', 'SENT'], 'Cartella non valida: INBOX oppure SENT'),
);

const threadSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  snippet: z.string(),
  participants: z.array(z.string()),
  date: z.string().describe('ISO 8601, l’ultima e-mail della conversazione'),
  messages: z.number(),
  unread: z.number(),
  idPreventivo: z.string().nullable(),
  clienti: z.array(z.object({ _id: z.string(), nome: z.string() })),
});

const notBound = () => new AppError('conflict', 'Nessuna casella di posta collegata: collegala da Impostazioni › Casella di posta.');

/** The bound mailbox (Gmail, or any IMAP/SMTP mailbox): read, answer, count the unread mail. */
export const gmailRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/gmailCrm/getAccessToken',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Un token d’accesso Gmail di breve durata per la casella collegata (rinnovato dal server quando scade). Il token di rinnovo non lascia mai il server. 409 se non c’è una casella Gmail collegata o va ricollegata.',
    response: z.object({ access_token: z.string(), expires_in: z.number().describe('secondi'), token_type: z.literal('Bearer'), email: z.string() }),
    handler: async (ctx) => {
      const row = await findMailboxRow(ctx);
      if (!row || row.provider !== 'gmail') throw notBound();
      if (row.status === 'reconnect') throw new AppError('conflict', 'La casella di posta va ricollegata: apri Impostazioni › Casella di posta e premi «Riconnetti».');
      const tokens = accessTokens(ctx, row);
      try {
        const token = await tokens.current();
        const expiresAt = tokens.expiresAt() ?? new Date();
        return { access_token: token, expires_in: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)), token_type: 'Bearer' as const, email: row.address };
      } catch (error) {
        if (!(error instanceof MailboxAuthError)) throw error;
        await markReconnect(ctx, row, error.message);
        throw new AppError('conflict', error.message);
      }
    },
  }),
  endpoint({
    method: 'POST',
    path: '/gmail/getMyEmail',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'L’indirizzo della casella collegata, con il tipo (gmail o imap) e lo stato (active, reconnect); email null se nessuna casella è collegata.',
    response: z.object({ email: z.string().nullable(), provider: z.enum(['gmail', 'imap']).nullable(), status: z.enum(['active', 'reconnect']).nullable() }),
    handler: async (ctx) => {
      const mailbox = await findMailbox(ctx);
      return { email: mailbox?.address ?? null, provider: mailbox?.provider ?? null, status: mailbox?.status ?? null };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/gmail/getEmails',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Una pagina di conversazioni della casella, le più recenti prima: labelIds INBOX (predefinita) o SENT, q per cercare (oggetto, indirizzi, nomi), pageToken dalla risposta precedente, maxResults fino a 100.',
    body: z.object({
      labelIds: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), folderSchema.optional()),
      q: z.preprocess(blankToUndefined, z.string('q deve essere un testo').trim().max(200, 'Ricerca troppo lunga (massimo 200 caratteri)').optional()),
      pageToken: z.preprocess(blankToUndefined, z.string('pageToken non valido').max(500, 'pageToken non valido').optional()),
      maxResults: z.coerce.number('maxResults deve essere un numero').int('maxResults deve essere un intero').min(1).max(100).optional(),
    }),
    response: z.object({ threads: z.array(threadSummarySchema), nextPageToken: z.string().nullable() }),
    handler: async (ctx, { body }) => {
      if (!(await findMailboxRow(ctx))) throw notBound();
      const page = await listThreads(ctx, { folder: body.labelIds ?? 'INBOX', search: body.q, cursor: body.pageToken, limit: body.maxResults });
      return {
        threads: page.items.map((thread) => ({
          id: thread.id,
          subject: thread.subject,
          snippet: thread.snippet,
          participants: thread.participants,
          date: thread.lastMessageAt.toISOString(),
          messages: thread.messageCount,
          unread: thread.unreadCount,
          idPreventivo: thread.quoteId,
          clienti: thread.contacts.map((contact) => ({ _id: contact.id, nome: contact.name })),
        })),
        nextPageToken: page.nextCursor,
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/gmail/makeReadEmail/{id}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Segna come letta un’e-mail della casella (per il nostro id o per quello di Gmail), anche nella casella stessa. 404 se non è del campeggio.',
    params: z.object({ id: id('E-mail') }),
    response: z.object({ ok: z.literal(true), threadId: z.string() }),
    handler: async (ctx, { params }) => ({ ok: true as const, ...(await markMessageRead(ctx, { messageId: params.id })) }),
  }),
  endpoint({
    method: 'POST',
    path: '/gmail/newMails',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Le e-mail da leggere nella posta in arrivo della casella collegata (messagesTotal, come l’etichetta UNREAD di Gmail); 0 senza casella.',
    response: z.object({ messagesTotal: z.number(), messagesUnread: z.number() }),
    handler: async (ctx) => {
      const unread = await unreadCount(ctx);
      return { messagesTotal: unread, messagesUnread: unread };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/gmail/sendEmail',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Invia un’e-mail dalla casella collegata: threadId (una conversazione della casella) per rispondere con le intestazioni di conversazione corrette; l’oggetto senza RIF riceve « - RIF.: {id} [CRM]». La traccia va sul cliente e sul preventivo.',
    body: z
      .object({
        to: addressList.optional(),
        emails: addressList.optional(),
        cc: addressList.optional(),
        subject: subjectText.optional(),
        object: subjectText.optional(),
        html: htmlText.optional(),
        body: htmlText.optional(),
        threadId: optionalId('Conversazione'),
        cliente: optionalId('Cliente'),
        idPreventivo: optionalId('Preventivo'),
      })
      .transform((body, ctx) => {
        const to = body.to ?? body.emails ?? [];
        const subject = body.subject ?? body.object ?? '';
        const html = body.html ?? body.body ?? '';
        if (to.length === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Indica almeno un destinatario.' });
        if (!subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'L’oggetto dell’e-mail è vuoto.' });
        if (!html.trim()) ctx.addIssue({ code: 'custom', path: ['html'], message: 'Il testo dell’e-mail è vuoto.' });
        return { ...body, to, subject, html };
      }),
    response: z.object({ ok: z.literal(true), id: z.string(), threadId: z.string(), traceId: z.string(), subject: z.string() }),
    handler: async (ctx, { body }) => {
      const sent = await sendFromMailbox(ctx, {
        threadId: body.threadId,
        to: body.to,
        cc: body.cc,
        subject: body.subject,
        html: body.html,
        contactId: body.cliente,
        quoteId: body.idPreventivo,
      });
      return { ok: true as const, id: sent.messageId, threadId: sent.threadId, traceId: sent.traceId, subject: sent.subject };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/bindGmail',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Collega la casella Gmail del campeggio. Senza corpo: risponde con url, la pagina di consenso di Google (OAuth 2.0 con PKCE e state) a cui mandare l’utente. Con code e state (restituiti da Google): completa il collegamento.',
    body: z.object({
      code: z.preprocess(blankToUndefined, z.string('code non valido').trim().max(2000, 'code non valido').optional()),
      state: z.preprocess(blankToUndefined, z.string('state non valido').trim().max(200, 'state non valido').optional()),
    }),
    response: z.union([z.object({ url: z.string() }), z.object({ ok: z.literal(true), email: z.string() })]),
    handler: async (ctx, { body }) => {
      if (!googleConfigured()) throw new AppError('conflict', 'Il collegamento con Gmail non è ancora attivo su questa installazione: chiedi all’assistenza di attivarlo, oppure collega la casella con IMAP/SMTP.');
      if (body.code || body.state) {
        if (!body.code || !body.state) throw new AppError('bad_request', 'Servono sia code sia state restituiti da Google.');
        const mailbox = await completeGoogleAuthorization((work) => work(ctx), { state: body.state, code: body.code });
        return { ok: true as const, email: mailbox.address };
      }
      const redirectUri = `${ctx.origin}/api/mailbox/google/callback`;
      return { url: await startGoogleAuthorization(ctx, { redirectUri }) };
    },
  }),
];
