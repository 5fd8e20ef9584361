import { createCampaign, getCampaign, listCampaigns, MAX_CAMPAIGN_PAGE } from '@/lib/campaigns/service';
import { getCampaignStats, getLinkStats, getRealtimeSeries, type CampaignStatsSummary } from '@/lib/campaigns/stats';
import { legacyRealtimeBody } from '@/lib/campaigns/validation';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { blankToUndefined, htmlText, id, optionalId, subjectText } from '../shapes/mail';

const group = 'lists-and-campaigns';

type CampaignRow = {
  id: string;
  campingId?: string;
  subject: string;
  html?: string;
  listId: string | null;
  listName?: string | null;
  status: string;
  recipientCount: number;
  sentCount: number;
  failedCount: number;
  skippedCount: number;
  scheduledAt: Date | null;
  startedAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
};

/** A newsletter with the legacy field names (custCamp is its id, as the Mailjet-era calls named it). */
function toLegacyCampaign(row: CampaignRow, camping: string, stats?: CampaignStatsSummary) {
  return {
    _id: row.id,
    custCamp: row.id,
    camping,
    subject: row.subject,
    title: row.subject,
    ...(row.html !== undefined ? { html: row.html } : {}),
    list: row.listId,
    listName: row.listName ?? null,
    status: row.status,
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    skippedCount: row.skippedCount,
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
    sentAt: row.sentAt,
    date_creation: row.createdAt,
    __v: 0,
    ...(stats ? { stats: toLegacyStats(stats) } : {}),
  };
}

function toLegacyStats(stats: CampaignStatsSummary) {
  return {
    custCamp: stats.campaignId,
    sent: stats.sent,
    delivered: stats.delivered,
    opened: stats.opened,
    opens: stats.opens,
    clicked: stats.clicked,
    clicks: stats.clicks,
    bounced: stats.bounced,
    complained: stats.complained,
    delayed: stats.delayed,
    unsubscribed: stats.unsubscribed,
    rates: stats.rates,
  };
}

const custCampBody = z.object({ custCamp: id('Campagna (custCamp)') }, 'Il corpo deve essere un oggetto con custCamp');
const idParams = z.object({ id: id('Campagna') });

export const campaignRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/getCampaigns/all',
    auth: 'bearer',
    group,
    summary: `Le newsletter del campeggio, dalla più recente (al massimo ${MAX_CAMPAIGN_PAGE}), ciascuna con le sue statistiche.`,
    handler: async ({ db, tenant }) => {
      const page = await listCampaigns(db, { campsiteId: tenant.campsiteId, limit: MAX_CAMPAIGN_PAGE });
      return page.items.map((row) => toLegacyCampaign(row, tenant.campsiteId, row.stats));
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
    handler: async ({ db, tenant }, { body }) => {
      const row = await createCampaign(db, { campsiteId: tenant.campsiteId, userId: tenant.userId, ...body });
      return toLegacyCampaign(row, tenant.campsiteId);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaignsStats/{id}',
    auth: 'bearer',
    group,
    summary: 'Una newsletter del campeggio con le sue statistiche (inviate, consegnate, aperte, cliccate, rimbalzate, segnalate, in ritardo, disiscritti e tassi).',
    params: idParams,
    handler: async ({ db, tenant }, { params }) => {
      const ids = { campsiteId: tenant.campsiteId, campaignId: params.id };
      const [campaign, stats] = await Promise.all([getCampaign(db, ids), getCampaignStats(db, ids)]);
      return toLegacyCampaign(campaign, tenant.campsiteId, stats);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet',
    auth: 'bearer',
    group,
    summary: 'Le statistiche di una newsletter (custCamp). Gli eventi arrivano dai webhook del provider: «sincronizzare» le legge.',
    body: custCampBody,
    handler: async ({ db, tenant }, { body }) => toLegacyStats(await getCampaignStats(db, { campsiteId: tenant.campsiteId, campaignId: body.custCamp })),
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet/linkStats',
    auth: 'bearer',
    group,
    summary: 'I clic per link di una newsletter (custCamp): clic totali e destinatari distinti, dal più cliccato.',
    body: custCampBody,
    handler: async ({ db, tenant }, { body }) => {
      const links = await getLinkStats(db, { campsiteId: tenant.campsiteId, campaignId: body.custCamp });
      return links.map((link) => ({ url: link.url, clicks: link.clicks, uniqueClicks: link.recipients }));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCampaigns/synchMailjet/realtime',
    auth: 'bearer',
    group,
    summary:
      'Gli eventi di una newsletter (custCamp) nel tempo: mode «Day» (al massimo 100 giorni) o «5-min» (al massimo 8 ore) tra from e to; oltre, 400 con il messaggio «troppi dati».',
    body: legacyRealtimeBody,
    handler: async ({ db, tenant }, { body }) =>
      getRealtimeSeries(db, { campsiteId: tenant.campsiteId, campaignId: body.custCamp, mode: body.mode, from: body.from, to: body.to }),
  }),
];
