import { createCampaign, getCampaign, listCampaigns, MAX_CAMPAIGN_PAGE } from '@/lib/campaigns/service';
import { getCampaignStats, getLinkStats, getRealtimeSeries } from '@/lib/campaigns/stats';
import { legacyRealtimeBody } from '@/lib/campaigns/validation';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import {
  legacyCampaignSchema,
  legacyCampaignStatsSchema,
  legacyLinkStatSchema,
  legacyRealtimeSchema,
  toLegacyCampaign,
  toLegacyLinkStat,
  toLegacyStats,
} from '../shapes/campaign';
import { blankToUndefined, htmlText, id, optionalId, subjectText } from '@/lib/vocabulary/mail-fields';

const group = 'lists-and-campaigns';

const custCampBody = z.object({ custCamp: id('Campagna (custCamp)') }, 'Il corpo deve essere un oggetto con custCamp');
const idParams = z.object({ id: id('Campagna') });

export const campaignRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/getCampaigns/all',
    auth: 'bearer',
    group,
    summary: `Le newsletter del campeggio, dalla più recente (al massimo ${MAX_CAMPAIGN_PAGE}), ciascuna con le sue statistiche.`,
    response: z.array(legacyCampaignSchema),
    handler: async (ctx) => {
      const page = await listCampaigns(ctx, { limit: MAX_CAMPAIGN_PAGE });
      return page.items.map((row) => toLegacyCampaign(row, ctx.campsiteId, row.stats));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addCampaign',
    auth: 'bearer',
    group,
    summary: 'Crea una newsletter in bozza (status draft) con oggetto (subject), testo (html) e una lista del campeggio (list); 404 se la lista non è del campeggio.',
    body: z
      .object(
        {
          subject: z.preprocess(blankToUndefined, subjectText.optional()),
          title: z.preprocess(blankToUndefined, subjectText.optional()),
          object: z.preprocess(blankToUndefined, subjectText.optional()),
          html: htmlText.optional(),
          body: htmlText.optional(),
          list: optionalId('Lista'),
          lista: optionalId('Lista'),
          idList: optionalId('Lista'),
          idLista: optionalId('Lista'),
        },
        'Il corpo deve essere un oggetto',
      )
      .transform((body, ctx) => {
        const subject = body.subject ?? body.title ?? body.object ?? '';
        const listId = body.list ?? body.lista ?? body.idList ?? body.idLista ?? '';
        if (!subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'L’oggetto della newsletter è vuoto.' });
        if (!listId) ctx.addIssue({ code: 'custom', path: ['list'], message: 'Indica la lista.' });
        return { subject, listId, html: body.html ?? body.body ?? '' };
      }),
    response: legacyCampaignSchema,
    handler: async (ctx, { body }) => {
      const row = await createCampaign(ctx, { userId: ctx.tenant.userId, ...body });
      return toLegacyCampaign(row, ctx.campsiteId);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaignsStats/{id}',
    auth: 'bearer',
    group,
    summary: 'Una newsletter del campeggio con le sue statistiche (inviate, consegnate, aperte, cliccate, rimbalzate, segnalate, in ritardo, disiscritti e tassi).',
    params: idParams,
    response: legacyCampaignSchema,
    handler: async (ctx, { params }) => {
      const ref = { campaignId: params.id };
      const [campaign, stats] = await Promise.all([getCampaign(ctx, ref), getCampaignStats(ctx, ref)]);
      return toLegacyCampaign(campaign, ctx.campsiteId, stats);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet',
    auth: 'bearer',
    group,
    summary: 'Le statistiche di una newsletter (custCamp). Gli eventi arrivano dai webhook del provider: «sincronizzare» le legge.',
    body: custCampBody,
    response: legacyCampaignStatsSchema,
    handler: async (ctx, { body }) => toLegacyStats(await getCampaignStats(ctx, { campaignId: body.custCamp })),
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet/linkStats',
    auth: 'bearer',
    group,
    summary: 'I clic per link di una newsletter (custCamp): clic totali e destinatari distinti, dal più cliccato.',
    body: custCampBody,
    response: z.array(legacyLinkStatSchema),
    handler: async (ctx, { body }) => (await getLinkStats(ctx, { campaignId: body.custCamp })).map(toLegacyLinkStat),
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet/realtime',
    auth: 'bearer',
    group,
    summary:
      'Gli eventi di una newsletter (custCamp) nel tempo: mode «Day» (al massimo 100 giorni) o «5-min» (al massimo 8 ore) tra from e to; oltre, 400 con il messaggio «troppi dati».',
    body: legacyRealtimeBody,
    response: legacyRealtimeSchema,
    handler: async (ctx, { body }) =>
      getRealtimeSeries(ctx, { campaignId: body.custCamp, mode: body.mode, from: body.from, to: body.to }),
  }),
];
