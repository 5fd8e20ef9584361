import { requestPlatformSubscription, setNewsletterSubscription } from '@/lib/newsletter/newsletter-send';
import { countMembers, countSendable } from '@/lib/newsletter/audience';
import { startNewsletter } from '@/lib/newsletter/campaign-start';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { blankToUndefined, htmlText, optionalId, subjectText } from '@/lib/vocabulary/mail-fields';
import { MAIL_GROUP as group } from './mail';

/** Newsletters sent from the CRM and a contact's subscription, as the staff's front end sets them. */
export const mailNewsletterRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/sendNewsletter',
    auth: 'bearer',
    group,
    summary:
      'Avvia l’invio di una newsletter (senza riferimento nell’oggetto, senza traccia) con la chiave del campeggio: ogni iscritto della lista con un indirizzo la riceve una volta, saltando chi ha annullato l’iscrizione o ha un indirizzo rimbalzato; un indirizzo condiviso riceve una copia. Con idCampagna di una bozza (/addCampaign) invia quella; una newsletter già avviata non parte una seconda volta.',
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
      count: z.number().describe('destinatari che la riceveranno (contati ora; l’elenco definitivo si fissa all’avvio dell’invio)'),
      alreadyQueued: z.number().describe('destinatari di una newsletter già avviata (nessun nuovo invio)'),
      skipped: z.number().describe('iscritti saltati: disiscritti, rimbalzati, senza indirizzo o con un indirizzo già servito'),
      idCampagna: z.string(),
      stato: z.string().describe('sending, scheduled, sent…: segui l’avanzamento con /getCampaignsStats/{id}'),
    }),
    handler: async (ctx, { body }) => {
      const list = { listId: body.listId };
      const outcome = await startNewsletter(ctx, { ...list, subject: body.subject, html: body.html, campaignId: body.campaignId, createdBy: ctx.tenant.userId });
      const [members, sendable] = await Promise.all([countMembers(ctx, list), countSendable(ctx, list)]);
      return {
        ok: true,
        count: outcome.started ? sendable : 0,
        alreadyQueued: outcome.started ? 0 : sendable,
        skipped: members - sendable,
        idCampagna: outcome.campaignId,
        stato: outcome.status,
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/newsletterSubscription',
    auth: 'bearer',
    group,
    summary:
      'Iscrive (iscritto: true) o disiscrive (false) un cliente, indicato da cliente o email, dalle newsletter del campeggio o da una sola lista (lista). ' +
      'Risponde lo stato come /checkNewsletter; ogni cambio resta nel registro dei consensi. Con doppioOptIn: true (un modulo pubblico inoltrato dalla ' +
      'piattaforma, con testoConsenso, ip e userAgent del visitatore) non iscrive subito: invia al cliente l’e-mail di conferma nella sua lingua e risponde ' +
      'confermaInAttesa: true; l’iscrizione parte al clic sul link.',
    body: z
      .object({
        cliente: optionalId('Cliente'),
        email: z.preprocess(blankToUndefined, z.email('Indirizzo e-mail non valido').max(320).optional()),
        iscritto: z.boolean('iscritto deve essere true o false').optional(),
        azione: z.enum(['iscrivi', 'annulla'], 'azione deve essere «iscrivi» o «annulla»').optional(),
        lista: optionalId('Lista'),
        doppioOptIn: z.boolean('doppioOptIn deve essere true o false').optional(),
        testoConsenso: z.preprocess(blankToUndefined, z.string().max(2000, 'Il testo del consenso è troppo lungo.').optional()),
        ip: z.preprocess(blankToUndefined, z.string().max(100, 'Indirizzo IP non valido').optional()),
        userAgent: z.preprocess(blankToUndefined, z.string().max(1000).optional()),
        nome: z.preprocess(blankToUndefined, z.string().max(100).optional()),
        idLingua: z.coerce.number('idLingua non valido').int().positive().optional(),
      })
      .refine((body) => Boolean(body.cliente || body.email), { message: 'Indica il cliente (cliente o email).', path: ['cliente'] })
      .refine((body) => body.doppioOptIn || body.iscritto !== undefined || body.azione !== undefined, {
        message: 'Indica iscritto (true o false).',
        path: ['iscritto'],
      })
      .refine((body) => !body.doppioOptIn || body.testoConsenso, {
        message: 'Con doppioOptIn indica il testo del consenso mostrato (testoConsenso).',
        path: ['testoConsenso'],
      })
      .refine((body) => !body.doppioOptIn || (body.iscritto !== false && body.azione !== 'annulla'), {
        message: 'Il doppio opt-in serve solo per iscrivere.',
        path: ['doppioOptIn'],
      }),
    response: z.object({
      cliente: z.string(),
      iscritto: z.boolean(),
      liste: z.array(z.object({ id: z.string(), nome: z.string(), iscritto: z.boolean() })),
      confermaInAttesa: z.boolean().optional().describe('con doppioOptIn: l’e-mail di conferma è partita, l’iscrizione attende il clic'),
      messaggio: z.string().optional(),
    }),
    handler: async (ctx, { body }) => {
      if (body.doppioOptIn) {
        const pending = await requestPlatformSubscription(ctx, { ...body, testoConsenso: body.testoConsenso ?? '' }, ctx.origin);
        return {
          cliente: pending.contactId,
          iscritto: pending.subscription.subscribed,
          liste: pending.subscription.lists.map((list) => ({ id: list.id, nome: list.name, iscritto: list.subscribed })),
          confermaInAttesa: true,
          messaggio: 'E-mail di conferma inviata: l’iscrizione sarà attiva quando il cliente farà clic sul link.',
        };
      }
      const subscribed = body.iscritto ?? body.azione === 'iscrivi';
      const state = await setNewsletterSubscription(ctx, { contactId: body.cliente, email: body.email, subscribed, listId: body.lista });
      return {
        cliente: state.contactId,
        iscritto: state.subscribed,
        liste: state.lists.map((list) => ({ id: list.id, nome: list.name, iscritto: list.subscribed })),
      };
    },
  }),
];
