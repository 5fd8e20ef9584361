import { sendNewsletter, setNewsletterSubscription } from '@/lib/mail/newsletter-send';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { blankToUndefined, htmlText, optionalId, subjectText } from '../shapes/mail';
import { MAIL_GROUP as group } from './mail';

/** Newsletters sent from the CRM and a contact's subscription, as the staff's front end sets them. */
export const mailNewsletterRoutes: Endpoint[] = [
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
    handler: async ({ db, tenant, origin }, { body }) => {
      const outcome = await sendNewsletter(db, tenant.campsiteId, { ...body, origin });
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
];
